import { createRoot } from 'react-dom/client';
import '@kopa/react/style.css';
import { App, createPromoPage } from './App';

const controller = await createPromoPage();
createRoot(document.getElementById('root') as HTMLElement).render(<App controller={controller} />);
