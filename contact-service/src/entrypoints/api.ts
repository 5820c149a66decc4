// The public API: `node dist/src/entrypoints/api.js` (the container's command, `make start`).
// It accepts leads on PORT and, unless BACKGROUND_JOBS=false, also runs the background jobs.
import { serve } from './serve.js';

serve('api');
