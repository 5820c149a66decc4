#!/usr/bin/env bash
# The backup container's health check: the database answers, the WAL stream is connected (wal.sh),
# the last backup attempted succeeded, and the newest backup is at most a day and two hours old
# (a container that started less than that ago and has none yet is given the time). What the last attempt did is kept in
# backups/.status, so it outlives a restart of the container.
pg_isready -q || exit 1
[[ $(psql -XAtc "SELECT active FROM pg_replication_slots WHERE slot_name = 'wal_archive'") == t ]] || exit 1
! grep -q '^failed' /backups/.status 2>/dev/null || exit 1
allowed=$((26 * 3600))
if [[ -e /backups/latest.dump ]]; then
  since=$(stat -L -c %Y /backups/latest.dump)
else
  since=$(cat /tmp/started 2>/dev/null || echo 0)
fi
(($(date +%s) - since < allowed))
