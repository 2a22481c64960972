import { Route, Routes } from 'react-router-dom';
import { ToastHost } from '../render/toast/ToastHost';
import type { ToastStore } from '../render/toast/toastStore';
import { routeTable } from './appConfig';
import { LayoutRoute } from './LayoutRoute';
import { StatusScreen } from './StatusScreen';
import { msg } from '../format/messages';

/** Every page of the route table renders its layout; anything else is a not-found page. */
export function App({ toasts }: { toasts: ToastStore }) {
  return (
    <>
      <Routes>
        {Object.entries(routeTable.pages).map(([key, page]) => (
          <Route key={key} path={page.path} element={<LayoutRoute layoutName={page.layout} toasts={toasts} />} />
        ))}
        <Route path="*" element={<StatusScreen kind="not-found" message={msg('app.notFound')} />} />
      </Routes>
      <ToastHost store={toasts} />
    </>
  );
}
