#!/usr/bin/env bash
# The README's quick start, run as a newcomer runs it on a fresh clone: `make test` with no
# TEST_DATABASE_URL and no container engine (the embedded Postgres), then `make start`, a lead
# through its site, `make leads` beside it, and a Ctrl-C that stops everything it started.
set -euo pipefail
cd "$(dirname "$0")/.."
source infra/shell-lib.sh
work=.artifacts/ci-newcomer
rm -rf "$work" && mkdir -p "$work"
unset TEST_DATABASE_URL TEST_DATABASE DOCKER_HOST

echo "make test (its output is also in $work/make-test.log)"
started=$SECONDS
if make test 2>&1 | tee "$work/make-test.log"; then tests=passed; else tests=failed; fi
echo "make test took $((SECONDS - started)) s"
check "make test passed" test "$tests" = passed
check "it ran on the embedded Postgres server" \
  grep -q 'Integration tests: the embedded Postgres server' "$work/make-test.log"

echo "make start"
rm -rf contact-service/.data/postgres contact-service/.data/postgres.*
setsid make start >"$work/make-start.log" 2>&1 &
start=$!
# Whatever happens below, nothing of it is left running.
# shellcheck disable=SC2016 # expanded when the exit trap runs
on_exit 'kill -KILL -- "-$start" 2>/dev/null'
site=http://127.0.0.1:8080
ended() { ! kill -0 "$1" 2>/dev/null; }
site_or_ended() { url_ok "$site/" || ended "$start"; }
within 180 site_or_ended || true
check "the site answers at $site" curl -fsS -o /dev/null "$site/"
id=$(curl -s -X POST "$site/api/contact" -H 'Content-Type: application/json' \
  --data '{"name":"Newcomer Check","email":"newcomer@example.com","company":"CI","role":"Reviewer","message":"Stored?"}' |
  sed -n 's/.*"id":"\([0-9a-f-]*\)".*/\1/p')
check "a lead sent through the site answers 201 with an id" test -n "$id"
make --no-print-directory leads ARGS="show $id" >"$work/leads-show.txt" 2>&1 || true
check "make leads beside make start shows it" grep -q 'Newcomer Check' "$work/leads-show.txt"
console=http://localhost:8081
within 30 url_ok "$console/console/sign-in" || true
check "the operators' console answers at $console/console/" curl -fsS -o /dev/null "$console/console/sign-in"
check "and its API asks for a session (401)" \
  test "$(curl -s -o /dev/null -w '%{http_code}' "$console/api/console/me")" = 401
check "make start made the console's key in its ignored data folder" test -s contact-service/.data/console-secret-key
# [p]: the pattern does not match the command line of the shell that runs pgrep.
running_postgres="[p]ostgres -D $PWD/contact-service/.data/postgres"
postgres=$(pgrep -f "$running_postgres" || true)
check "make start runs its embedded Postgres" test -n "$postgres"

# Ctrl-C reaches the terminal's whole process group.
kill -INT -- "-$start" 2>/dev/null || true
within 30 ended "$start" || true
check "make start ended within 30 s of a Ctrl-C" bash -c "! kill -0 $start 2>/dev/null"
check "and so did the console's preview" bash -c "! curl -s -o /dev/null $console/console/sign-in"
check "its embedded Postgres stopped with it" \
  bash -c "! pgrep -f '$running_postgres'"
check "the embedded database shut down cleanly" \
  grep -q 'database system is shut down' contact-service/.data/postgres.log
checks_summary
