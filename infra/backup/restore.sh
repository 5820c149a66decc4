#!/usr/bin/env bash
# Restores a backup into the stack's database, run in the backup container by `make restore`
# (infra/compose/restore.sh stops the contact-service around it). Usage: restore.sh FILE [replace]
# A database that holds leads is replaced only when asked to; the restore succeeds whole or
# changes nothing.
set -euo pipefail
file=${1:?usage: restore.sh FILE [replace]}
replace=${2:-}
[[ -f $file ]] || {
  echo "There is no backup at ${file/#\/backups/backups}." >&2
  exit 1
}
pg_restore --list "$file" >/dev/null 2>&1 ||
  {
    echo "${file/#\/backups/backups} is not a backup made by make backup (a pg_dump archive in custom format)." >&2
    exit 1
  }
leads=$(psql -XAtc 'SELECT count(*) FROM contact_submissions' 2>/dev/null || echo 0)
if ((leads > 0)) && [[ $replace != replace ]]; then
  echo "The database is not empty: it holds $leads leads. Nothing was changed. To replace them with the backup, run: make restore FILE=… REPLACE=1" >&2
  exit 1
fi
# Into a database of its own first, then swapped in: a restore that fails half-way leaves the
# current database as it was, and objects the backup does not know (newer migrations, the queue's
# partitions) cannot get in the way, as they do with pg_restore --clean.
staging=${PGDATABASE}_restoring
replaced=${PGDATABASE}_replaced
# SQL on stdin, where psql fills in its variables (it does not in -c).
admin() { PGOPTIONS='-c client_min_messages=warning' psql -X -q -At -v ON_ERROR_STOP=1 -d postgres "$@" >/dev/null; }
admin -v db="$staging" <<<'DROP DATABASE IF EXISTS :"db"; CREATE DATABASE :"db";'
if ! pg_restore --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname="$staging" "$file"; then
  admin -v db="$staging" <<<'DROP DATABASE IF EXISTS :"db";'
  echo "The restore failed; the database is as it was." >&2
  exit 1
fi
# pg_restore made every object as this connection's role (the superuser): the contact-service's
# own role takes them, and the new database (infra/db/service-owns.sql).
if ! PGOPTIONS='-c client_min_messages=warning' psql -X -q -v ON_ERROR_STOP=1 -d "$staging" \
  -v service="${POSTGRES_SERVICE_USER:?}" -f /config/infra/db/service-owns.sql >/dev/null; then
  admin -v db="$staging" <<<'DROP DATABASE IF EXISTS :"db";'
  echo "The restore failed; the database is as it was." >&2
  exit 1
fi
admin -v db="$PGDATABASE" -v staging="$staging" -v replaced="$replaced" <<'SQL'
SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = :'db' AND pid <> pg_backend_pid();
DROP DATABASE IF EXISTS :"replaced";
ALTER DATABASE :"db" RENAME TO :"replaced";
ALTER DATABASE :"staging" RENAME TO :"db";
DROP DATABASE :"replaced";
SQL
echo "Restored ${file/#\/backups/backups}: $(psql -XAtc 'SELECT count(*) FROM contact_submissions') leads in the database now."
