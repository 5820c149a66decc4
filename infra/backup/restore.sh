#!/usr/bin/env bash
# Restores a backup into the stack's database, run in the backup container by `make restore`
# (infra/compose/restore.sh stops the contact-service around it). Usage: restore.sh FILE [replace]
# A database that holds leads is replaced only when asked to; the restore is one transaction:
# it succeeds whole or changes nothing.
set -euo pipefail
file=${1:?usage: restore.sh FILE [replace]}
replace=${2:-}
[[ -f $file ]] || { echo "There is no backup at ${file/#\/backups/backups}." >&2; exit 1; }
pg_restore --list "$file" >/dev/null 2>&1 ||
  { echo "${file/#\/backups/backups} is not a backup made by make backup (a pg_dump archive in custom format)." >&2; exit 1; }
leads=$(psql -XAtc 'SELECT count(*) FROM contact_submissions' 2>/dev/null || echo 0)
if ((leads > 0)) && [[ $replace != replace ]]; then
  echo "The database is not empty: it holds $leads leads. Nothing was changed. To replace them with the backup, run: make restore FILE=… REPLACE=1" >&2
  exit 1
fi
pg_restore --clean --if-exists --no-owner --no-privileges --exit-on-error --single-transaction \
  --dbname="$PGDATABASE" "$file"
echo "Restored ${file/#\/backups/backups}: $(psql -XAtc 'SELECT count(*) FROM contact_submissions') leads in the database now."
