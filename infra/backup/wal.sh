#!/usr/bin/env bash
# Streams the database's write-ahead log into backups/wal/<system identifier>/ as the server writes
# it (pg_receivewal, through the replication slot wal_archive, so the server keeps what the stream
# has not taken yet, up to 4 GB). A folder per database cluster: a new machine's, or one made
# anew, never continues another's WAL. With the newest base backup (base-backup.sh) it is what
# `make recover` puts the database back from after its disk is lost, to within seconds of the
# loss (docs/backups.md, "Recovering to the last moment"). Run by schedule.sh beside the
# backups; it reconnects by itself when the server restarts or is away.
set -uo pipefail
umask 077 # what it writes into backups/ is for its owner only
while :; do
  system=$(psql -XAtc 'SELECT system_identifier FROM pg_control_system()' 2>/dev/null)
  if [[ -n $system ]] && pg_receivewal --slot=wal_archive --create-slot --if-not-exists >/dev/null 2>&1; then
    mkdir -p "/backups/wal/$system"
    # Flushed to disk as it arrives; the segment being written is *.partial.
    pg_receivewal --directory="/backups/wal/$system" --slot=wal_archive --synchronous --no-loop \
      --no-password
    echo "The WAL stream stopped (the database is away?); trying again in 5 s" >&2
  fi
  sleep 5
done
