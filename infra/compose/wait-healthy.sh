#!/usr/bin/env bash
# Waits until every container of the compose stack reports healthy (at most WAIT_SECONDS).
# Usage: wait-healthy.sh <compose command...>
set -euo pipefail
deadline=$((SECONDS + ${WAIT_SECONDS:-240}))
while :; do
  ids=$("$@" ps -q)
  states=$(for id in $ids; do docker inspect -f '{{.Name}} {{if .State.Health}}{{.State.Health.Status}}{{else}}{{.State.Status}}{{end}}' "$id"; done)
  if [[ -n $ids ]] && ! grep -qv ' healthy$' <<<"$states"; then
    # shellcheck disable=SC2001 # the / that starts each line
    echo "$states" | sed 's#^/#  #'
    exit 0
  fi
  if ((SECONDS > deadline)); then
    echo "Not healthy in time:" >&2
    echo "$states" >&2
    "$@" logs --tail 30 >&2 || true
    exit 1
  fi
  sleep 2
done
