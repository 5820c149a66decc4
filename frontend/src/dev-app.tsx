import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// `npm run dev` only: the development server has no prerendered pages, so the whole site is
// rendered in the browser, islands included. Built pages never load this.
createRoot(document.getElementById('root')!).render(<App />);
