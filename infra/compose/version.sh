#!/usr/bin/env bash
# The release, read in one place: `version.sh checkout` prints this checkout's
# (contract/release.json); `version.sh running <compose command...>` prints what the container
# stack's contact-service reports on /api/health/live (nothing when it does not run). `make version`
# prints both; `make upgrade` and CI's upgrade drill compare them.
set -euo pipefail
cd "$(dirname "$0")/../.."
case ${1:-} in
  checkout) sed -n 's/.*"version": *"\(.*\)".*/\1/p' contract/release.json ;;
  running)
    shift
    "$@" exec -T contact-service node -e \
      "fetch('http://127.0.0.1:3000/api/health/live').then((r) => r.json()).then((b) => console.log(b.version ?? 'a release without a version'))" \
      2>/dev/null | tr -d '\r' || true
    ;;
  *) echo "usage: version.sh checkout | running <compose command...>" >&2; exit 2 ;;
esac
