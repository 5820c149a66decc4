import './styles/global.css';
import { startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { makeStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = <App store={makeStore()} />;
// Built pages arrive prerendered and are hydrated; the dev server sends an empty root.
if (container.firstElementChild) {
  // As a transition, hydration yields to the browser every few milliseconds instead of holding
  // the main thread in one long task: the page stays responsive while it becomes interactive.
  startTransition(() => {
    hydrateRoot(container, app);
  });
} else {
  createRoot(container).render(app);
}
