#!/usr/bin/env bash
# The backup container's health check: the database answers, the WAL stream is connected (wal.sh),
# the last backup attempted succeeded, the newest backup is at most a day and two hours old, and
# with BACKUP_REMOTE a round of off-site copies (ship.sh) succeeded in the last 5 minutes; a
# container that started less than that ago is given the time (its backups/ may be a copy from
# another machine, held by a restore). What the last attempt did is kept in backups/.status, so
# it outlives a restart of the container.
pg_isready -q || exit 1
[[ $(psql -XAtc "SELECT active FROM pg_replication_slots WHERE slot_name = 'wal_archive'") == t ]] || exit 1
! grep -q '^failed' /backups/.status 2>/dev/null || exit 1
started=$(cat /tmp/started 2>/dev/null || echo 0)
newest() { # FILE: its mtime, or the container's start when that is later or FILE is not there
  local at
  at=$(stat -L -c %Y "$1" 2>/dev/null || echo 0)
  echo $((at > started ? at : started))
}
(($(date +%s) - $(newest /backups/latest.dump) < 26 * 3600)) || exit 1
# With BACKUP_REMOTE (ship.sh): the newest round off the machine is at most 5 minutes old.
[[ -z ${BACKUP_REMOTE:-} ]] || (($(date +%s) - $(newest /backups/.offsite-ok) < 300))
