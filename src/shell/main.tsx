import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { createToastStore } from '../render/toast/toastStore';
import { App } from './App';
import { appConfig, routePath, routeTable } from './appConfig';
import { legacyHashTarget } from './legacyHash';
import { installHostApi } from './hostApi';
import { keepServerFrame } from './serverFrame';
import { startFirstScreen } from './firstScreen';
import { markBuild, registerServiceWorker } from './serviceWorker';
import { startLanguage } from './language';
import './app.css';

const legacy = legacyHashTarget(window.location.hash, window.location.search, routeTable.legacyHash, routePath);
if (legacy) window.history.replaceState(null, '', legacy);

installHostApi(window);

for (const [name, value] of Object.entries(appConfig.theme)) {
  document.documentElement.style.setProperty(`--k-${name}`, value);
}

markBuild(document);

const toasts = createToastStore();
const root = document.getElementById('root');
if (root) {
  keepServerFrame(root);
  // The first screen starts in the borrower's language (English at once; another after its chunk,
  // which the server preloads), so a toast or error of its first requests is never in English.
  void startLanguage(document, window.location.search).then(() => {
    // The first screen's layout check and data requests start now, before React (issue 10).
    startFirstScreen(window.location.pathname, toasts);
    createRoot(root).render(
      <StrictMode>
        <BrowserRouter>
          <App toasts={toasts} />
        </BrowserRouter>
      </StrictMode>,
    );
  });
}

// Not in development builds (npm run dev): an operator reloading after an edit must see the new
// layout at once, not the cached one the worker would paint first.
if (!import.meta.env.DEV) registerServiceWorker(window);
