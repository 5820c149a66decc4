#!/bin/bash
# Like the official image: on first start create the cluster, the user and the database from
# POSTGRES_USER / POSTGRES_PASSWORD / POSTGRES_DB, then run postgres as the postgres user.
set -euo pipefail
if [[ $1 == postgres && $(id -u) == 0 ]]; then
  chown -R postgres:postgres "$PGDATA"
  chmod 700 "$PGDATA"
  exec setpriv --reuid=postgres --regid=postgres --init-groups "$0" "$@"
fi
if [[ $1 == postgres && ! -s $PGDATA/PG_VERSION ]]; then
  user=${POSTGRES_USER:-postgres}
  db=${POSTGRES_DB:-$user}
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set}"
  pwfile=$(mktemp)
  printf '%s' "$POSTGRES_PASSWORD" >"$pwfile"
  # UTF8, as the official image (its default locale is en_US.utf8): lengths count characters.
  initdb --username="$user" --pwfile="$pwfile" --auth-local=trust --auth-host=scram-sha-256 \
    --encoding=UTF8 --locale=C.UTF-8 >/dev/null
  rm -f "$pwfile"
  echo "host all all all scram-sha-256" >>"$PGDATA/pg_hba.conf"
  echo "listen_addresses = '*'" >>"$PGDATA/postgresql.conf"
  if [[ $db != postgres ]]; then
    postgres --single -D "$PGDATA" postgres <<<"CREATE DATABASE \"$db\" OWNER \"$user\";" >/dev/null
  fi
  echo "initialised $PGDATA with user $user and database $db"
fi
exec "$@"
