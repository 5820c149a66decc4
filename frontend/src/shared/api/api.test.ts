import { describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { api } from './api';

// The data defaults (frontend/README.md, "Fixed wording and constants"): no refetching by
// itself, data never stale, no retries.
describe('api', () => {
  it('never refetches on focus, reconnect or mount, and keeps data indefinitely', () => {
    const store = configureStore({
      reducer: { [api.reducerPath]: api.reducer },
      middleware: (getDefault) => getDefault().concat(api.middleware),
    });
    expect(store.getState()[api.reducerPath].config).toMatchObject({
      refetchOnFocus: false,
      refetchOnReconnect: false,
      refetchOnMountOrArgChange: false,
      keepUnusedDataFor: Infinity,
    });
  });
});
