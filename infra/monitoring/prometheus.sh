#!/bin/sh
# Prometheus' entrypoint beside the stack (compose.yml; docs/monitoring.md). Prometheus cannot
# read the environment, so at each start this writes prometheus.yml as it is but for the
# intervals marked "# PROMETHEUS_INTERVAL", which take that setting (30s when unset: scrapes,
# rule evaluations and the replicas' DNS lookups; CI shortens it for its alert drill). The copy
# goes into /tmp/prometheus beside links to the rest of this folder (alerts.yml, local/): the
# paths it names lead to the files themselves, so a change to local/ is seen as before. POSIX sh:
# the official image has busybox's, and no bash.
# Usage: prometheus.sh [PROMETHEUS FLAG...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
interval=${PROMETHEUS_INTERVAL:-30s}
if ! printf '%s\n' "$interval" | grep -Eq '^[1-9][0-9]*(s|m)$'; then
  echo "prometheus: PROMETHEUS_INTERVAL must be a duration such as 30s or 1m, not \"$interval\"" >&2
  exit 1
fi
out=${PROMETHEUS_CONFIG_DIR:-/tmp/prometheus}
mkdir -p "$out"
for path in "$here"/*; do
  name=$(basename "$path")
  [ "$name" = prometheus.yml ] || ln -sfn "$path" "$out/$name"
done
sed "s/: 30s # PROMETHEUS_INTERVAL\$/: $interval # PROMETHEUS_INTERVAL/" "$here/prometheus.yml" \
  >"$out/prometheus.yml"
echo "prometheus: scrapes and rule evaluations every $interval"
exec prometheus --config.file="$out/prometheus.yml" "$@"
