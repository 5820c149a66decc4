import { configureStore } from '@reduxjs/toolkit';
import { consoleApi } from '../api/console-api';

/** The console's own store: its API cache and nothing of the public site's. */
export function createConsoleStore() {
  return configureStore({
    reducer: { [consoleApi.reducerPath]: consoleApi.reducer },
    middleware: (getDefault) => getDefault().concat(consoleApi.middleware),
  });
}
