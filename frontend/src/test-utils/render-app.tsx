import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { Provider } from 'react-redux';
import { Router } from 'wouter';
import { App } from '../app/App';
import { makeStore, type AppStore } from '../app/store';

/** Renders the whole site at `path`, as the browser would after loading it. */
export function renderApp(path = '/') {
  window.history.replaceState(null, '', path);
  return render(<App />);
}

/** Renders a piece of the site with a fresh store and the browser location at `path`. */
export function renderWithStore(ui: ReactElement, path = '/', store: AppStore = makeStore()) {
  window.history.replaceState(null, '', path);
  return {
    store,
    ...render(
      <Provider store={store}>
        <Router>{ui}</Router>
      </Provider>,
    ),
  };
}

/** The HTML the prerender step would make of a piece of the site, with a fresh store. */
export function prerenderWithStore(ui: ReactElement): string {
  return renderToString(<Provider store={makeStore()}>{ui}</Provider>);
}

/** A fetch answer the test controls. */
export function jsonResponse(body: unknown, status = 200, statusText = ''): Response {
  return new Response(JSON.stringify(body), {
    status,
    statusText,
    headers: { 'Content-Type': 'application/json' },
  });
}
