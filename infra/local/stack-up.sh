#!/usr/bin/env bash
# Runs the production-shaped stack on this machine without Docker: the built contact-service on
# a Postgres server and the system's nginx with the shipped configuration (infra/nginx).
# Safe to run twice: a stack that is already up is left as it is.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
root=$PWD
state=$root/.stack
web=$state/web
mkdir -p "$state/logs"

database_url=${STACK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/contact_stack}
service_port=${STACK_SERVICE_PORT:-3000}
site_url=http://127.0.0.1:8080
# TLS_MODE=files (with TLS_CERTIFICATE and TLS_CERTIFICATE_KEY) or acme (the certificate in
# TLS_DIR) serves the site over HTTPS on 8443 and redirects 8080 there, as the web image does
# (docs/configuration.md, "HTTPS"); acme before its first certificate serves plain HTTP.
curl_tls=()
tls_dir=${TLS_DIR:-}
[[ ${TLS_MODE:-off} == off ]] || export TLS_PUBLIC_PORT=${TLS_PUBLIC_PORT:-8443}
if [[ ${TLS_MODE:-off} == files ]] ||
  [[ ${TLS_MODE:-off} == acme && -s $tls_dir/fullchain.pem && -s $tls_dir/privkey.pem ]]; then
  site_url=https://localhost:8443
  # The stack's own readiness only: tls-check.sh verifies the certificate.
  curl_tls=(--insecure)
fi

if alive "$state/contact-service.pid" && alive "$state/nginx.pid"; then
  echo "The stack is already up: $site_url"
  exit 0
fi
need_commands "The local stack (infra/local/stack-up.sh)" nginx || exit 1

# STACK_SKIP_BUILD=1 starts what is not running from the existing builds, e.g. to bring the
# contact-service back after a browser test stopped it on purpose.
if [[ ${STACK_SKIP_BUILD:-} != 1 ]]; then
  echo "Building the contact-service and the site"
  npm run --silent build -w contact-service
  npm run --silent build -w frontend >/dev/null
fi

# The database named in STACK_DATABASE_URL is created when it does not exist yet.
db_name=$(node -e 'console.log(new URL(process.argv[1]).pathname.slice(1))' "$database_url")
server_url=$(node -e 'const u = new URL(process.argv[1]); u.pathname = "/postgres"; console.log(u.href)' "$database_url")
if [[ $(psql "$server_url" -Atc "SELECT 1 FROM pg_database WHERE datname = '$db_name'") != 1 ]]; then
  psql "$server_url" -qc "CREATE DATABASE \"$db_name\""
fi

# Every setting in the environment reaches the service unchanged, as in compose (the browser
# suite raises the per-client limit and points SMTP_URL at its mail catcher; nginx's own limit
# stays as shipped); the stack sets only its database, its ports and the console's key.
service_env=(DATABASE_URL="$database_url" PORT="$service_port" HOST=127.0.0.1)
# The operators' console API on its own loopback port, with a key made once for this stack.
console_port=${STACK_CONSOLE_SERVICE_PORT:-3001}
if [[ -z ${CONSOLE_SECRET_KEY:-} ]]; then
  CONSOLE_SECRET_KEY=$(secret_key "$state/console-secret-key")
fi
service_env+=(CONSOLE_SECRET_KEY="$CONSOLE_SECRET_KEY" CONSOLE_PORT="$console_port"
  CONSOLE_ORIGIN=http://localhost:8081)
if ! alive "$state/contact-service.pid"; then
  echo "Starting the contact-service"
  env "${service_env[@]}" \
    setsid node contact-service/dist/src/entrypoints/api.js >>"$state/logs/contact-service.log" 2>&1 &
  echo $! >"$state/contact-service.pid"
fi

if ! alive "$state/nginx.pid"; then
  rm -rf "$web"
  mkdir -p "$web/run" "$web/tmp" "$web/acme"
  cp -r infra/nginx "$web/conf"
  # The service's address is an IP, which nginx uses without a lookup: the resolver stays unused.
  # Loopback plays the proxies in front, so the smoke test can send X-Forwarded-For as one would.
  # The same start-up scripts as the web image's run first (example-values warning, real-ip.conf).
  ln -s "$root/frontend/dist" "$web/site"
  ln -s "$root/frontend/dist-console" "$web/console"
  for script in infra/nginx/docker-entrypoint.d/*.sh; do
    WEB_SITE_DIR="$web/site" NGINX_ENVSUBST_OUTPUT_DIR="$web/conf" NGINX_PREFIX="$web/" \
      REAL_IP_FROM=127.0.0.1/32,::1/128 "$script"
  done
  for template in infra/nginx/templates/*.template; do
    # shellcheck disable=SC2016,SC2094 # envsubst's own ${...}; it reads templates/, writes conf/
    CONTACT_SERVICE_ADDR=127.0.0.1:$service_port CONTACT_SERVICE_RESOLVER=127.0.0.1 \
      CONSOLE_SERVICE_ADDR=127.0.0.1:$console_port \
      envsubst '${CONTACT_SERVICE_ADDR} ${CONTACT_SERVICE_RESOLVER} ${CONSOLE_SERVICE_ADDR}' \
      <"$template" >"$web/conf/$(basename "$template" .template)"
  done
  nginx -e stderr -t -q -p "$web/" -c conf/nginx.conf
  setsid nginx -e stderr -p "$web/" -c conf/nginx.conf -g 'daemon off;' >>"$state/logs/nginx.log" 2>&1 &
  echo $! >"$state/nginx.pid"
fi

# Ready: the service's probe on its own port (the public site has no probes), the site, and the
# API through nginx (GET /api/contact is the service's own JSON 404, not nginx's 502/503).
# shellcheck disable=SC2317 # called by ready
api_through_nginx() {
  [[ $(curl -s "${curl_tls[@]}" -o /dev/null -w '%{http_code}' "$site_url/api/contact") == 404 ]]
}
# shellcheck disable=SC2317 # called by within
ready() {
  url_ok "http://127.0.0.1:$service_port/api/health/ready" && url_ok "$site_url/" "${curl_tls[@]}" &&
    api_through_nginx
}
if within 60 ready; then
  echo "The stack is up: $site_url (logs in .stack/logs/)"
  exit 0
fi
echo "The stack did not become healthy within 60 s; see .stack/logs/" >&2
tail -n 20 "$state/logs/contact-service.log" "$state/logs/nginx.log" >&2 || true
exit 1
