#!/usr/bin/env bash
# Stops exactly what stack-up.sh started, by the PIDs it recorded. Safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/../.."
state=.stack

for name in nginx contact-service; do
  pidfile=$state/$name.pid
  [[ -f $pidfile ]] || continue
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    kill -TERM "$pid"
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    kill -0 "$pid" 2>/dev/null && kill -KILL "$pid"
    echo "Stopped $name (pid $pid)"
  fi
  rm -f "$pidfile"
done
# The certificate watcher of TLS_MODE=acme (infra/nginx/docker-entrypoint.d/40-tls-reload.sh).
watcher=$state/web/run/tls-reload.pid
if [[ -f $watcher ]]; then
  kill -TERM "$(cat "$watcher")" 2>/dev/null && echo "Stopped the certificate watcher"
  rm -f "$watcher"
fi
