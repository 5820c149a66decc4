#!/usr/bin/env bash
# `make e2e`: the browser suite on a stack of its own. Starts the stack (infra/local/stack-up.sh)
# on a new database, over HTTPS as a server with TLS_MODE=acme serves it (its certificate issued
# by Pebble on loopback; Chromium trusts Pebble's issuer; E2E_TLS=off runs it over plain HTTP),
# runs the Playwright suite and then Lighthouse, always stops the stack and drops the database,
# and prints where the artifacts are. Exits non-zero if either part failed.
set -uo pipefail
cd "$(dirname "$0")/../.."
root=$PWD

artifacts=${E2E_ARTIFACTS_DIR:-$root/.artifacts/e2e}
server_url=${E2E_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432}
database=contact_e2e_$(date +%Y%m%d_%H%M%S)_$$
export E2E_ARTIFACTS_DIR=$artifacts
# The folder the stack's nginx serves: Lighthouse's gate puts each page's copy without scripts
# there for the same-run comparison (e2e/lighthouse/run.ts).
export LIGHTHOUSE_SITE_DIR=$root/frontend/dist
export STACK_DATABASE_URL=$server_url/$database
# The suite sends more submissions than the service's default allowance per client (20 per
# 10 minutes); nginx's own limit (10 a minute, burst 10) stays as shipped and the suite keeps
# under it.
export RATE_LIMIT_MAX=${E2E_RATE_LIMIT_MAX:-1000}
# The site is built as a deployment would build it: with the values of e2e/site.env, unless
# VITE_* are set (the example defaults would make it noindex, and Lighthouse's SEO audit fail).
while IFS= read -r line; do
  name=${line%%=*}
  [[ -n ${!name:-} ]] || export "${line?}"
done < <(grep -E '^VITE_[A-Z_]+=' e2e/site.env)

chromium=${CHROMIUM_PATH:-/usr/bin/chromium}
[[ -x $chromium ]] || { echo "Chromium is not installed at $chromium (apt-get install chromium)" >&2; exit 1; }
# Everything else it starts, named in one line before anything starts (README, "Browser suite").
tools=(nginx psql openssl)
[[ ${E2E_TLS:-acme} == off ]] || tools+=(pebble lego)
missing=()
for tool in "${tools[@]}"; do command -v "$tool" >/dev/null || missing+=("$tool"); done
if ((${#missing[@]})); then
  packages=${missing[*]/psql/postgresql-client}
  echo "make e2e needs ${missing[*]}, not installed: apt-get install $packages" \
    "(E2E_TLS=off runs the suite over plain HTTP, without pebble and lego)" >&2
  exit 1
fi

alive() { [[ -f $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null; }
if alive .stack/contact-service.pid || alive .stack/nginx.pid; then
  echo "A stack is already running (.stack/*.pid). The suite needs its own stack on a fresh" >&2
  echo "database: stop that one with \`make stack-down\` first." >&2
  exit 1
fi

# Notifications go to a mail catcher of the suite's own (maildev), whose API the tests read.
mkdir -p .stack/logs
mail_smtp=${E2E_MAIL_SMTP_PORT:-2525}
mail_web=${E2E_MAIL_WEB_PORT:-2580}
export SMTP_URL=smtp://127.0.0.1:$mail_smtp
export NOTIFY_FROM=website@proposals.test NOTIFY_TO=sales@proposals.test
export NOTIFY_ACCESSIBILITY_TO=accessibility@proposals.test
export E2E_MAIL_API=http://127.0.0.1:$mail_web
node_modules/.bin/maildev --smtp "$mail_smtp" --ip 127.0.0.1 --web "$mail_web" --web-ip 127.0.0.1 \
  >>.stack/logs/maildev-e2e.log 2>&1 &
maildev=$!

source infra/local/pebble.sh
tls=$(mktemp -d)
cleanup() {
  kill -TERM "$maildev" 2>/dev/null
  infra/local/stack-down.sh
  stop_pebble
  rm -rf "$tls"
  if [[ ${E2E_KEEP_DATABASE:-} == 1 ]]; then
    echo "Kept the database: $STACK_DATABASE_URL"
  else
    psql "$server_url/postgres" -qc "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)"
  fi
}
trap cleanup EXIT

if [[ ${E2E_TLS:-acme} != off ]]; then
  start_pebble "$tls"
  export TLS_MODE=acme TLS_DIR="$tls/tls-acme" TLS_RELOAD_SECONDS=1
fi
echo "Starting the stack on the database $database"
infra/local/stack-up.sh || exit 1
if [[ ${E2E_TLS:-acme} != off ]]; then
  obtain_certificate || { echo "Pebble issued no certificate; see $tls/pebble.log" >&2; exit 1; }
  export E2E_BASE_URL=https://localhost:8443
  # Node (the tests' own requests) trusts Pebble's root; Chromium its issuer, by key.
  export NODE_EXTRA_CA_CERTS=$tls/pebble-root.pem
  CHROMIUM_TRUSTED_SPKI=$(cat "$tls/issuer-spki.txt")
  export CHROMIUM_TRUSTED_SPKI
  for _ in $(seq 1 30); do curl -fs --cacert "$NODE_EXTRA_CA_CERTS" -o /dev/null "$E2E_BASE_URL/" && break; sleep 0.5; done
  echo "The stack serves HTTPS at $E2E_BASE_URL with a certificate from Pebble"
fi
e2e/scripts/run-suite.sh
