#!/usr/bin/env bash
# Prints, one a line, every setting the stack takes from .env: the contact-service's schema
# (contact-service/src/config/env.schema.ts with its parts notification-settings.ts and
# console-settings.ts, less its retired settings) and what the compose files
# and the Makefile read from .env themselves, the same rule settings-files.spec.ts holds
# .env.example to (and which that spec checks this list against). Compose's own COMPOSE_*
# settings are not among them: they choose which containers run, and so are the machine's, never
# a backup's (backup.sh leaves them out; `make restore` refuses a backup that carries one).
set -euo pipefail
cd "$(dirname "$0")/../.."
{
  awk '/^export const (settings = z\.object\(|notificationSettings = |consoleSettings = )\{/,/^\}/' \
    contact-service/src/config/{env.schema,notification-settings,console-settings}.ts |
    grep -E '^  [A-Z][A-Z0-9_]*: ' | grep -v ': retired(' | sed 's/^  \([A-Z0-9_]*\):.*/\1/'
  grep -ohE '\$\{[A-Z][A-Z0-9_]*' docker-compose.yml infra/monitoring/compose.yml Makefile | cut -c3-
  grep -ohE '\^[A-Z][A-Z0-9_]*=' Makefile | tr -d '^='
} | grep -v '^COMPOSE_' | sort -u
