import {
  combineSlices,
  configureStore,
  createDynamicMiddleware,
  type WithSlice,
} from '@reduxjs/toolkit';
import type { api } from '../shared/api/api';
import { toastsSlice } from '../features/toasts/toasts-slice';

// RTK Query only matters on the routes with the contact form. Its reducer and middleware are
// injected when the form's code loads (features/contact-form/inject-api.ts), so the other routes
// never download it.
export const rootReducer = combineSlices(toastsSlice).withLazyLoadedSlices<WithSlice<typeof api>>();

export const dynamicMiddleware = createDynamicMiddleware();

export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefaultMiddleware) =>
      getDefaultMiddleware().concat(dynamicMiddleware.middleware),
  });
}

export type RootState = ReturnType<typeof rootReducer>;
export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
