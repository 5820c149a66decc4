#!/usr/bin/env bash
# Runs the built contact-service on its embedded database (EMBEDDED_DATABASE=true, data in
# contact-service/.data/) for as long as the given command runs: `make start` and `make dev`.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
port=${CONTACT_SERVICE_PORT:-3000}

log=.stack/logs/contact-service.local.log
mkdir -p .stack/logs
children=()
# Stopped in reverse order: the service finishes its requests and deliveries, and stops its
# embedded database, before the mail catcher goes.
stop_children() {
  for ((i = ${#children[@]} - 1; i >= 0; i--)); do
    # wait answers with the child's exit status (143 after TERM), which must not stop the loop.
    { kill -TERM "${children[i]}" 2>/dev/null && wait "${children[i]}" 2>/dev/null; } || true
  done
}
on_exit stop_children
trap stop_children INT TERM

# Without SMTP_URL, a development mail catcher (maildev: SMTP and a web inbox) receives the
# notifications, so a form submission shows what the sales inbox would get.
if [[ -z ${SMTP_URL:-} ]]; then
  smtp_port=${MAILDEV_SMTP_PORT:-1025}
  inbox_port=${MAILDEV_WEB_PORT:-1080}
  node_modules/.bin/maildev --smtp "$smtp_port" --ip 127.0.0.1 --web "$inbox_port" \
    --web-ip 127.0.0.1 >>.stack/logs/maildev.log 2>&1 &
  children+=($!)
  export SMTP_URL=smtp://127.0.0.1:$smtp_port
  export NOTIFY_FROM=${NOTIFY_FROM:-website@proposals.localhost}
  export NOTIFY_TO=${NOTIFY_TO:-sales@proposals.localhost}
  echo "Notifications: the inbox of the mail catcher at http://127.0.0.1:$inbox_port"
fi
# The operators' console API runs beside the service, on loopback (docs/operating.md, "The
# operators' console"). Its key is made on first use and kept in the ignored data folder.
if [[ -z ${CONSOLE_SECRET_KEY:-} ]]; then
  CONSOLE_SECRET_KEY=$(secret_key contact-service/.data/console-secret-key)
  export CONSOLE_SECRET_KEY
fi
export CONSOLE_PORT=${CONSOLE_PORT:-3001}
# DEV_IDENTITY_PROVIDER=true: single sign-on through a development OpenID Provider on
# https://127.0.0.1:9443 (contact-service/dev/identity-provider.ts; README, "Single sign-on"),
# whose settings the service gets, trusting its certificate.
if [[ ${DEV_IDENTITY_PROVIDER:-false} == true ]]; then
  idp_dir=.stack/identity-provider
  rm -f "$idp_dir/settings.env"
  DEV_IDP_DIR=$idp_dir DEV_IDP_CONSOLE_ORIGINS=http://localhost:8081,http://127.0.0.1:8081 \
    node contact-service/dist/dev/identity-provider.js >>.stack/logs/identity-provider.log 2>&1 &
  children+=($!)
  within 10 test -s "$idp_dir/settings.env" ||
    {
      echo "The development identity provider did not start; see .stack/logs/identity-provider.log" >&2
      exit 1
    }
  set -a
  # shellcheck source=/dev/null # written at start by the identity provider
  source "$idp_dir/settings.env"
  set +a
  echo "Single sign-on: the development identity provider at $OIDC_ISSUER_URL (sign in as admin, member, outsider or nogroup, any password; trust its certificate $NODE_EXTRA_CA_CERTS in the browser, or accept it once)"
fi
(cd contact-service && PORT=$port HOST=127.0.0.1 DATABASE_URL='' EMBEDDED_DATABASE=true exec node dist/src/entrypoints/api.js) >>"$log" 2>&1 &
service=$!
children+=("$service")
echo "contact-service on http://127.0.0.1:$port (embedded database; logs in $log)"

# Up to 30 s for it to be ready; it ending meanwhile ends this too.
ready_or_ended() { url_ok "http://127.0.0.1:$port/api/health/ready" || ! kill -0 "$service" 2>/dev/null; }
within 30 ready_or_ended || true
kill -0 "$service" 2>/dev/null || {
  echo "The contact-service did not start" >&2
  exit 1
}
# make start also serves the built console app on loopback, its API proxied to the console port.
if [[ ${CONSOLE_APP:-} == preview ]]; then
  console_app_port=${CONSOLE_APP_PORT:-8081}
  CONSOLE_API_URL=http://127.0.0.1:$CONSOLE_PORT npm run --silent preview:console -w frontend -- \
    --host 127.0.0.1 --port "$console_app_port" --strictPort >>.stack/logs/console-app.log 2>&1 &
  children+=($!)
  echo "Operators' console: http://localhost:$console_app_port/console/ (accounts: make leads ARGS='users add NAME --role admin')"
fi
CONTACT_SERVICE_URL=http://127.0.0.1:$port "$@"
