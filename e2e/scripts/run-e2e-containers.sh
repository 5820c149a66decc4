#!/usr/bin/env bash
# `make e2e-containers`: the browser suite (Playwright, then Lighthouse) against the container
# stack that `make up` started, as it runs: the site through web's published port, rows read
# from the db container at its address on the compose network (reachable from a Linux host),
# and the outage test stopping and starting the contact-service container.
# Usage: run-e2e-containers.sh <compose command...>
set -uo pipefail
cd "$(dirname "$0")/../.." || exit
(($#)) || {
  echo "usage: $0 <compose command...>" >&2
  exit 2
}
compose=("$@")

db=$("${compose[@]}" ps -q db 2>/dev/null)
web_address=$("${compose[@]}" port web 8080 2>/dev/null)
if [[ -z $db || -z $web_address ]]; then
  echo "The container stack is not up: start it with \`make up\` first." >&2
  exit 1
fi

# The database URL from the db container's own settings, so it is the one the stack uses.
db_env=$(docker inspect -f '{{range .Config.Env}}{{println .}}{{end}}' "$db")
db_ip=$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}' "$db" | awk '{print $1}')
# shellcheck disable=SC2016 # JavaScript (a template literal), not shell
STACK_DATABASE_URL=$(node -e '
  const env = Object.fromEntries(process.argv[1].split("\n").filter(Boolean).map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)]));
  const user = env.POSTGRES_USER ?? "postgres";
  const part = encodeURIComponent;
  console.log(`postgres://${part(user)}:${part(env.POSTGRES_PASSWORD ?? "")}@${process.argv[2]}:5432/${part(env.POSTGRES_DB ?? user)}`);
' "$db_env" "$db_ip")
export STACK_DATABASE_URL
export E2E_BASE_URL=http://127.0.0.1:${web_address##*:}
# The console server, published on loopback; opened as localhost, the origin its links name.
console_address=$("${compose[@]}" port web 8081 2>/dev/null)
export E2E_CONSOLE_URL=http://localhost:${console_address##*:}
export STACK_COMPOSE="${compose[*]}"
export E2E_ARTIFACTS_DIR=${E2E_ARTIFACTS_DIR:-$PWD/.artifacts/e2e-containers}
# What the container stack adds to what `make e2e` proves: web's image (its nginx and the site it
# built), the contact-service replicas, the db and mail containers. The specs that exercise those
# (the `stack` project of playwright.config.ts) run here; the others check what a page does in the
# browser, which is the same prerendered HTML and code in both stacks, and run in `make e2e`.
# Lighthouse is left out for the same reason: `make e2e` measures the same pages through the same
# nginx configuration. E2E_PROJECT= LIGHTHOUSE=on runs everything here.
export E2E_PROJECT=${E2E_PROJECT-stack}
export LIGHTHOUSE=${LIGHTHOUSE:-off}
# The site was built with the VITE_* values of .env, and the service notifies the NOTIFY_*
# inboxes of .env; the suite expects the same ones.
if [[ -f .env ]]; then
  while IFS= read -r line; do export "${line?}"; done < <(grep -E '^(VITE|NOTIFY)_[A-Z_]+=' .env)
  # The schedulers' keys, so the bookings spec signs as the scheduler does (docs/bookings.md).
  while IFS= read -r line; do export "E2E_${line?}"; done < <(
    grep -E '^(CALENDLY_WEBHOOK_SIGNING_KEY|CALCOM_WEBHOOK_SECRET)=.' .env || true
  )
fi
# The stack's mail catcher, when it has one (CI's .ci/compose.mail.yml): the notification tests
# read what arrived through its API.
mail=$("${compose[@]}" ps -q mail 2>/dev/null)
if [[ -n $mail ]]; then
  E2E_MAIL_API=http://$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}' "$mail" | awk '{print $1}'):1080
  export E2E_MAIL_API
fi

# Each contact-service replica's /metrics (its own port on the stack's network): the field
# measurement test sums what the replicas counted.
E2E_METRICS_URLS=$(for id in $("${compose[@]}" ps -q contact-service); do
  printf 'http://%s:3000/metrics ' \
    "$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}} {{end}}' "$id" | awk '{print $1}')"
done)
export E2E_METRICS_URLS

echo "The container stack at $E2E_BASE_URL; its database at ${db_ip}:5432"
e2e/scripts/run-suite.sh
