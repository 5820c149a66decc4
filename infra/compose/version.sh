#!/usr/bin/env bash
# The release, read in one place: `version.sh checkout` prints this checkout's
# (contract/release.json); `version.sh running <compose command...>` prints what the container
# stack's contact-service reports on /api/health/live (nothing when it does not run). `make version`
# prints both; `make upgrade` and CI's upgrade drill compare them. `version.sh record` notes, in
# .release (not tracked), the release and commit that `make up`, `make upgrade` or `make rollback`
# just started; `version.sh commit-of VERSION` prints the commit the stack was started from when
# it runs VERSION: the one noted, or (before a release noted it) the commit that made VERSION.
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
  record) printf 'version %s\ncommit %s\n' "$("$0" checkout)" "$(git rev-parse HEAD 2>/dev/null || echo unknown)" >.release ;;
  commit-of)
    if [[ -f .release && $(sed -n 's/^version //p' .release) == "${2:-}" ]]; then
      sed -n 's/^commit //p' .release
    else
      git log --reverse --format=%H -S"\"version\": \"${2:-}\"" -- contract/release.json | head -n 1
    fi
    ;;
  *)
    echo "usage: version.sh checkout | running <compose command...> | record | commit-of VERSION" >&2
    exit 2
    ;;
esac
