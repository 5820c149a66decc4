// The background jobs on their own: `node dist/src/entrypoints/worker.js`, with the service's
// settings. It delivers notifications and runs the retention purge, and serves nothing but
// /metrics and the probes on PORT, so it can be scaled apart from the API (run the API with
// BACKGROUND_JOBS=false then). Both share the queue in Postgres.
import { serve } from './serve.js';

serve('worker');
