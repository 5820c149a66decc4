#!/usr/bin/env bash
# Stops exactly what stack-up.sh started, by the PIDs it recorded. Safe to run twice.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
state=.stack

for name in nginx contact-service; do
  pidfile=$state/$name.pid
  [[ -f $pidfile ]] || continue
  pid=$(cat "$pidfile")
  if kill -0 "$pid" 2>/dev/null; then
    stop_pid "$pid" 10
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
