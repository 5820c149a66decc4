#!/usr/bin/env bash
# The browser suite against the stack the environment names (E2E_BASE_URL, STACK_DATABASE_URL,
# STACK_COMPOSE; e2e/support/stack.ts): Playwright, then Lighthouse whatever Playwright gave.
# E2E_PROJECT (`page` or `stack`: playwright.config.ts) and E2E_SPECS (spec files under e2e/,
# space-separated) narrow Playwright, LIGHTHOUSE_ROUTES (paths) Lighthouse; unset or empty, all of
# it runs; LIGHTHOUSE=off leaves Lighthouse out. Artifacts go to E2E_ARTIFACTS_DIR, emptied first.
# Exits non-zero if either part failed.
# run-e2e.sh (the local stack) and run-e2e-containers.sh (the container stack) call it.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit
artifacts=${E2E_ARTIFACTS_DIR:?set E2E_ARTIFACTS_DIR}
chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
[[ -x $chromium ]] || {
  echo "Chromium is not installed at $chromium (apt-get install chromium)" >&2
  exit 1
}

rm -rf "$artifacts"
mkdir -p "$artifacts"
status=0
echo
echo "==> Playwright (Chromium at $chromium${E2E_PROJECT:+, the ${E2E_PROJECT} specs})"
# shellcheck disable=SC2086 # word splitting is what turns the lists into arguments
npm run --silent e2e -w e2e -- ${E2E_PROJECT:+--project=$E2E_PROJECT} ${E2E_SPECS:-} || status=1
if [[ ${LIGHTHOUSE:-on} != off ]]; then
  echo
  echo "==> Lighthouse"
  # shellcheck disable=SC2086
  npm run --silent lighthouse -w e2e -- ${LIGHTHOUSE_ROUTES:-} || status=1
fi

echo
echo "Artifacts (screenshots, traces of failures, HTML report, Lighthouse reports): $artifacts"
exit $status
