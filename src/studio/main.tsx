/**
 * The layout studio (/studio), for operators: log in, pick a screen, edit its draft with
 * completion and inline problems, watch the phone preview (the real borrower route showing the
 * draft), compare versions, publish, roll back, read the history. React, a build of its own
 * (scripts/build/studio.ts): nothing of it reaches a borrower route.
 */
import { createRoot } from 'react-dom/client';
import { App } from './components/App';
import { installStyles } from './styles';

installStyles();
const root = document.getElementById('studio');
if (root) createRoot(root).render(<App />);
