import './styles/global.css';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { makeStore } from './app/store';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

const app = <App store={makeStore()} />;
// Built pages arrive prerendered and are hydrated; the dev server sends an empty root.
if (container.firstElementChild) {
  hydrateRoot(container, app);
} else {
  createRoot(container).render(app);
}
