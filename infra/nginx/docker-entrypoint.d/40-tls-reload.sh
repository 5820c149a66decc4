#!/bin/sh
# TLS_MODE=acme: watches the certificate the certificates service installs (TLS_DIR) and, when it
# arrives or changes, renders the listen files again (30-tls.sh) and reloads nginx gracefully:
# new connections get the new certificate, connections in flight finish on the old workers, so
# a renewal drops no request. A pair nginx refuses (a key not yet matching its certificate, say)
# is tried again at the next look. Looks every TLS_RELOAD_SECONDS (30).
#
# The web image runs this from /docker-entrypoint.d/ at start (the watcher then runs beside
# nginx); `make stack-up` runs it too, and stack-down stops it (its pid is in run/).
set -eu
[ "${TLS_MODE:-off}" = acme ] || exit 0
prefix=${NGINX_PREFIX:-/srv/web/}
dir=${TLS_DIR:-/srv/web/tls-acme}
every=${TLS_RELOAD_SECONDS:-30}
render=$(dirname "$0")/30-tls.sh
fingerprint() { cat "$dir/fullchain.pem" "$dir/privkey.pem" 2>/dev/null | cksum; }

watch() {
  seen=$(fingerprint)
  while sleep "$every"; do
    now=$(fingerprint)
    [ "$now" != "$seen" ] || continue
    if "$render" >/dev/null && nginx -p "$prefix" -c conf/nginx.conf -t -q 2>/dev/null; then
      nginx -p "$prefix" -c conf/nginx.conf -s reload
      seen=$now
      echo "$0: the certificate in $dir changed: nginx reloaded" >&2
    fi
  done
}

watch >/dev/null &
echo $! >"${prefix}run/tls-reload.pid"
echo "$0: watching $dir for the certificates service's renewals (every ${every} s)"
