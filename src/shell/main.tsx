// First: starts the first screen before the imports below are evaluated (see boot.ts).
import { booted, toasts } from './boot';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import { keepServerFrame } from './serverFrame';
import { registerServiceWorker } from './serviceWorker';
import './app.css';

const root = document.getElementById('root');
if (root) {
  keepServerFrame(root);
  void booted.then(() => {
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
