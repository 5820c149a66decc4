#!/usr/bin/env bash
# `make leads ARGS='…'`: the operators' leads command where the leads are. In the container stack
# when it runs (`docker compose exec contact-service leads …`); otherwise on this machine, against
# DATABASE_URL when it is set, else the embedded database of `make start` (shared with a running
# `make start`). When the stack is down but its database volume is there, it refuses unless
# LOCAL=1: the leads (and the accounts) are in that volume, and `users add` here would make an
# account the stack never sees.
set -euo pipefail
compose=$1
shift
cd "$(dirname "$0")/../.."
# When its container exists, asked up to three times: docker-compose 1.29's ps has answered
# without a running service now and then (seen in CI, a second after it answered right).
running() { $compose ps --services --filter status=running 2>/dev/null | grep -qx contact-service; }
exists() { [[ -n $($compose ps -a -q contact-service 2>/dev/null) ]]; }
if running || { exists && { { sleep 1 && running; } || { sleep 2 && running; }; }; }; then
  # A terminal is passed on only when there is one, so a script's run never waits on a question.
  tty=-T
  [[ -t 0 && -t 1 ]] && tty=
  exec $compose exec $tty contact-service leads "$@"
fi
# The stack exists but its service is not running (stopped, restarting): the leads are in the
# stack's database, so running here, on another database, would answer about the wrong leads.
if exists; then
  echo "make leads: the container stack's contact-service is not running; start it (make up), or remove the stack (make down) to use this machine's database." >&2
  exit 1
fi
project=
[[ -f .env ]] && project=$(sed -n 's/^COMPOSE_PROJECT_NAME=//p' .env | tail -n 1)
project=${project:-$(basename "$PWD" | tr '[:upper:]' '[:lower:]' | tr -cd 'a-z0-9_-')}
if [[ ${LOCAL:-} != 1 && -z ${DATABASE_URL:-} ]] && command -v docker >/dev/null &&
  [[ -n $(docker volume ls -q --filter "label=com.docker.compose.project=$project" \
    --filter label=com.docker.compose.volume=db-data 2>/dev/null) ]]; then
  echo "make leads: the container stack is down, and its leads and accounts are in its database volume: start it (make up). To use this machine's own database instead, run it with LOCAL=1 (or DATABASE_URL=…)." >&2
  exit 1
fi
cli=contact-service/dist/src/entrypoints/leads.js
if [[ ! -f $cli ]] || [[ -n $(find contact-service/src -newer "$cli" -name '*.ts' | head -n 1) ]]; then
  make --no-print-directory install >/dev/null
  npm run --silent build -w contact-service
fi
cd contact-service
if [[ -n ${DATABASE_URL:-} ]]; then
  exec node dist/src/entrypoints/leads.js "$@"
fi
EMBEDDED_DATABASE=true exec node dist/src/entrypoints/leads.js "$@"
