import { useLocation } from 'react-router-dom';
import { ToastHost } from '@kopa/react';
import type { ToastStore } from '@kopa/react';
import { LayoutRoute } from './LayoutRoute';
import { pageForPath } from './pageForPath';
import { StatusScreen } from './StatusScreen';
import { msg } from '@kopa/format';

/** Every page of the route table renders its layout; anything else is a not-found page. */
export function App({ toasts }: { toasts: ToastStore }) {
  const page = pageForPath(useLocation().pathname);
  return (
    <>
      {page ? (
        <LayoutRoute layoutName={page.layout} toasts={toasts} />
      ) : (
        <StatusScreen kind="not-found" message={msg('app.notFound')} />
      )}
      <ToastHost store={toasts} />
    </>
  );
}
