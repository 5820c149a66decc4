import { dynamicMiddleware, rootReducer } from '../../app/store';
import { api } from '../../shared/api/api';

// Imported for its effect by contact-api.ts, so it runs when the form's code loads. Injection is
// idempotent, and applies to every store built from rootReducer (one per test, one per page).
rootReducer.inject(api);
dynamicMiddleware.addMiddleware(api.middleware);
