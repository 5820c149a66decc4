import { api } from '../shared/api/api';
import { dynamicMiddleware, rootReducer } from './store';

// Imported for its effect by the code of the routes that talk to the API. Injection is
// idempotent, and applies to every store built from rootReducer (one per test, one per page).
rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
