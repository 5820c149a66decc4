#!/usr/bin/env bash
# Runs the built contact-service on its embedded database (EMBEDDED_DATABASE=true, data in
# contact-service/.data/) for as long as the given command runs: `make start` and `make dev`.
set -euo pipefail
cd "$(dirname "$0")/../.."
port=${CONTACT_SERVICE_PORT:-3000}

log=.stack/logs/contact-service.local.log
mkdir -p .stack/logs
(cd contact-service && PORT=$port HOST=127.0.0.1 DATABASE_URL='' EMBEDDED_DATABASE=true exec node dist/src/main.js) >>"$log" 2>&1 &
service=$!
echo "contact-service on http://127.0.0.1:$port (embedded database; logs in $log)"
trap 'kill -TERM $service 2>/dev/null; wait $service 2>/dev/null' EXIT INT TERM

for _ in $(seq 1 60); do
  curl -fsS "http://127.0.0.1:$port/api/health/ready" >/dev/null 2>&1 && break
  kill -0 $service 2>/dev/null || { echo "The contact-service did not start" >&2; exit 1; }
  sleep 0.5
done
CONTACT_SERVICE_URL=http://127.0.0.1:$port "$@"
