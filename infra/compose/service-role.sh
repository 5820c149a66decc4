#!/usr/bin/env bash
# The contact-service connects to the stack's database as a role of its own, which owns the
# service's tables and is no superuser (the superuser, POSTGRES_USER, stays the backups' and the
# operator's). Run by `make up` before the service starts, by `make upgrade` before the new
# release's replicas start, and by `make recover` on the cluster it brought back. It makes the
# role (x-service-role in docker-compose.yml) when it is missing, gives it POSTGRES_SERVICE_PASSWORD
# and hands it the database and what another role made in it (infra/db/service-owns.sql: every
# object before release 1.2.0). Idempotent. The password reaches psql on its standard
# input, never on a command line. Usage: service-role.sh <compose command...>
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
service=$(sed -n 's/^x-service-role: &service-role //p' docker-compose.yml)
password=$(sed -n 's/^POSTGRES_SERVICE_PASSWORD=//p' .env | tail -n 1)
[[ -n $service && -n $password ]] ||
  {
    echo "POSTGRES_SERVICE_PASSWORD must be set in .env (make up makes one)." >&2
    exit 1
  }
# shellcheck disable=SC2016 # expanded by the container's shell
ready() { "$@" exec -T db sh -c 'pg_isready -q -U "$POSTGRES_USER" -d "$POSTGRES_DB"' 2>/dev/null; }
within 120 ready "$@" || {
  echo "The database did not answer within 2 minutes: see make logs (db)." >&2
  exit 1
}
# (The password as a dollar-quoted string, under a tag it cannot hold: any character works.)
tag=p$(random_hex 8)
# shellcheck disable=SC2016 # expanded by the container's shell (the psql at the end)
{
  printf "\\set service '%s'\n" "$service"
  cat <<'SQL'
SELECT format('CREATE ROLE %I LOGIN', :'service')
 WHERE NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = :'service')
\gexec
SQL
  printf 'ALTER ROLE :"service" WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOREPLICATION NOBYPASSRLS\n  PASSWORD $%s$%s$%s$;\n' \
    "$tag" "$password" "$tag"
  cat infra/db/service-owns.sql
} | "$@" exec -T db sh -c 'psql -X -q -U "$POSTGRES_USER" -d "$POSTGRES_DB" -v ON_ERROR_STOP=1' >/dev/null
