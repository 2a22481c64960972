// First: starts the first screen before the imports below are evaluated (see boot.ts).
import { booted, toasts } from './boot';
import { afterFirstScreen, firstScreenSettled } from './afterFirstScreen';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { AppRouter } from './AppRouter';
import { keepServerFrame } from './serverFrame';
import { registerServiceWorker } from './serviceWorker';
import './app.css';

const root = document.getElementById('root');
if (root) {
  keepServerFrame(root);
  void booted.then(firstRenderReady).then(() => {
    createRoot(root).render(
      <StrictMode>
        <AppRouter>
          <App toasts={toasts} />
        </AppRouter>
      </StrictMode>,
    );
  });
}

/**
 * React's first render waits for the first screen's data, up to FIRST_RENDER_WAIT_MS: meanwhile
 * the server's frame (header, title, skeleton) is on screen, and the first commit is the screen
 * with its data, not a loading state React would replace a moment later (one render
 * and commit less on a slow phone). A slower answer gets React's own loading state after that.
 */
const FIRST_RENDER_WAIT_MS = 1000;
function firstRenderReady(): Promise<void> {
  return Promise.race([
    firstScreenSettled,
    new Promise<void>((resolve) => setTimeout(resolve, FIRST_RENDER_WAIT_MS)),
  ]);
}

// Not in development builds (npm run dev): an operator reloading after an edit must see the new
// layout at once, not the cached one the worker would paint first.
if (!import.meta.env.DEV) registerServiceWorker(window, afterFirstScreen);
