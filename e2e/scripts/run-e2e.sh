#!/usr/bin/env bash
# `make e2e`: the browser suite on a stack of its own. Starts the stack (infra/local/stack-up.sh)
# on a new database, over HTTPS as a server with TLS_MODE=acme serves it (its certificate issued
# by Pebble on loopback; Chromium trusts Pebble's issuer; E2E_TLS=off runs it over plain HTTP),
# runs the Playwright suite and then Lighthouse, always stops the stack and drops the database,
# and prints where the artifacts are. Exits non-zero if either part failed.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit
source infra/shell-lib.sh
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
[[ -x $chromium ]] || {
  echo "Chromium is not installed at $chromium (apt-get install chromium)" >&2
  exit 1
}
# Everything else it starts, named in one line before anything starts (README, "Browser suite").
tools=(nginx psql:postgresql-client openssl)
[[ ${E2E_TLS:-acme} == off ]] || tools+=(pebble lego)
need_commands "make e2e" "${tools[@]}" ||
  {
    echo "(E2E_TLS=off runs the suite over plain HTTP, without pebble and lego)" >&2
    exit 1
  }

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
# Senders get their receipt, and accessibility feedback its answers (accessibility-reports.spec.ts).
export ACKNOWLEDGE_SENDER=true
export E2E_MAIL_API=http://127.0.0.1:$mail_web
node_modules/.bin/maildev --smtp "$mail_smtp" --ip 127.0.0.1 --web "$mail_web" --web-ip 127.0.0.1 \
  >>.stack/logs/maildev-e2e.log 2>&1 &
maildev=$!

source infra/local/pebble.sh
tls=$(mktemp -d)
strict=()
cleanup() {
  kill -TERM "$maildev" 2>/dev/null
  for pid in "${strict[@]}" "${identity_provider:-}"; do [[ -n $pid ]] && kill -TERM -- "-$pid" 2>/dev/null; done
  infra/local/stack-down.sh
  stop_pebble
  rm -rf "$tls"
  if [[ ${E2E_KEEP_DATABASE:-} == 1 ]]; then
    echo "Kept the database: $STACK_DATABASE_URL"
  else
    psql "$server_url/postgres" -qc "DROP DATABASE IF EXISTS \"$database\" WITH (FORCE)"
  fi
}
on_exit cleanup

if [[ ${E2E_TLS:-acme} != off ]]; then
  start_pebble "$tls"
  export TLS_MODE=acme TLS_DIR="$tls/tls-acme" TLS_RELOAD_SECONDS=1
fi
if [[ ${STACK_SKIP_BUILD:-} != 1 ]]; then
  echo "Building the contact-service and the site"
  npm run --silent build -w contact-service || exit 1
  npm run --silent build -w frontend >/dev/null || exit 1
  export STACK_SKIP_BUILD=1
fi

# Single sign-on: the development identity provider (contact-service/dev/identity-provider.ts)
# over HTTPS with its own certificate, which the service trusts (NODE_EXTRA_CA_CERTS). The console
# re-checks its sessions every 3 seconds, so that the suite sees an offboarding take effect. A
# second console at E2E_STRICT_CONSOLE_URL has SSO_REQUIRED=true (the break-glass tests). The
# provider posts its back-channel logouts to the public site, as a provider outside the
# operators' networks does as shipped (infra/nginx/snippets/no-console.conf).
idp_dir=$tls/identity-provider
DEV_IDP_CONTROL_TOKEN=$(random_hex 16)
export DEV_IDP_CONTROL_TOKEN
export E2E_STRICT_CONSOLE_URL=http://localhost:8082
public_site=http://127.0.0.1:8080
idp_env=()
if [[ ${E2E_TLS:-acme} != off ]]; then
  # The site will serve HTTPS with Pebble's certificate: the provider trusts Pebble's root.
  curl -fs --cacert "$PEBBLE_DIR/pebble-ca.pem" https://localhost:15000/roots/0 >"$tls/pebble-root.pem"
  public_site=https://localhost:8443 idp_env=(NODE_EXTRA_CA_CERTS="$tls/pebble-root.pem")
fi
env "${idp_env[@]}" DEV_IDP_DIR="$idp_dir" DEV_IDP_PORT="${E2E_IDP_PORT:-9443}" \
  DEV_IDP_CONSOLE_ORIGINS="http://localhost:8081,$E2E_STRICT_CONSOLE_URL" \
  DEV_IDP_BACKCHANNEL_LOGOUT_URI="$public_site/api/console/sso/backchannel-logout" \
  setsid node contact-service/dist/dev/identity-provider.js >>.stack/logs/identity-provider-e2e.log 2>&1 &
identity_provider=$!
within 10 test -s "$idp_dir/settings.env" || {
  echo "The identity provider did not start; see .stack/logs/identity-provider-e2e.log" >&2
  exit 1
}
set -a
# shellcheck source=/dev/null # written at start by the identity provider
source "$idp_dir/settings.env"
set +a
export OIDC_RECHECK_MINUTES=0.05 E2E_IDP_URL=$OIDC_ISSUER_URL
idp_certificate=$NODE_EXTRA_CA_CERTS

echo "Starting the stack on the database $database"
infra/local/stack-up.sh || exit 1
# The strict console: its own service process (no background jobs) on the same database, and the
# console app beside it, as `make start` serves it.
SSO_REQUIRED=true PORT=3200 HOST=127.0.0.1 CONSOLE_PORT=3201 CONSOLE_ORIGIN=$E2E_STRICT_CONSOLE_URL \
  BACKGROUND_JOBS=false DATABASE_URL=$STACK_DATABASE_URL \
  CONSOLE_SECRET_KEY=${CONSOLE_SECRET_KEY:-$(cat .stack/console-secret-key)} \
  setsid node contact-service/dist/src/entrypoints/api.js >>.stack/logs/contact-service-strict.log 2>&1 &
strict+=($!)
CONSOLE_API_URL=http://127.0.0.1:3201 setsid npm run --silent preview:console -w frontend -- \
  --host 127.0.0.1 --port 8082 --strictPort >>.stack/logs/console-app-strict.log 2>&1 &
strict+=($!)
strict_up() { url_ok http://127.0.0.1:3200/api/health/ready && url_ok http://127.0.0.1:8082/console/; }
within 30 strict_up || true
curl -fs -o /dev/null http://127.0.0.1:8082/console/ ||
  {
    echo "The strict console did not start; see .stack/logs/*-strict.log" >&2
    exit 1
  }
# The tests' own requests (Node) trust the provider; Chromium trusts it by its key.
export NODE_EXTRA_CA_CERTS=$idp_certificate CHROMIUM_TRUSTED_SPKI=$DEV_IDP_SPKI
if [[ ${E2E_TLS:-acme} != off ]]; then
  obtain_certificate || {
    echo "Pebble issued no certificate; see $tls/pebble.log" >&2
    exit 1
  }
  export E2E_BASE_URL=https://localhost:8443
  # Node (the tests' own requests) trusts Pebble's root and the provider; Chromium their keys.
  cat "$tls/pebble-root.pem" "$idp_certificate" >"$tls/trusted.pem"
  export NODE_EXTRA_CA_CERTS=$tls/trusted.pem
  CHROMIUM_TRUSTED_SPKI=$(cat "$tls/issuer-spki.txt"),$DEV_IDP_SPKI
  export CHROMIUM_TRUSTED_SPKI
  within 15 url_ok "$E2E_BASE_URL/" --cacert "$NODE_EXTRA_CA_CERTS" || true
  echo "The stack serves HTTPS at $E2E_BASE_URL with a certificate from Pebble"
fi
e2e/scripts/run-suite.sh
