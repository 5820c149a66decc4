#!/usr/bin/env bash
# The backup container's main process: a backup and a base backup when it starts
# (BACKUP_ON_START, default true) and every day at BACKUP_AT (HH:MM, UTC, default 02:30), and the
# WAL stream (wal.sh) all along. A failed backup, or none for more than
# a day, makes the container unhealthy (healthy.sh), so `make ps` and any monitoring of container
# health show it.
set -euo pipefail
umask 077 # what it writes into backups/ is for its owner only
source "$(dirname "$0")/settings.sh"

trap 'exit 0' TERM INT
date +%s >/tmp/started
until pg_isready -q; do sleep 1; done

run() {
  bash /backup/backup.sh with-base || echo "The backup FAILED: see the lines above" >&2
}

# The WAL stream, for the whole life of the container (wal.sh), and with BACKUP_REMOTE the copies
# off the machine (ship.sh).
bash /backup/wal.sh &
if [[ -n $remote ]]; then
  echo "Off-site copies: every $ship_seconds s to BACKUP_REMOTE, encrypted"
  bash /backup/ship.sh &
fi

echo "Backups: daily at $backup_at UTC into backups/ (kept $keep_days days, $keep_weeks weeks, $keep_months months)"
[[ $backup_on_start == true ]] && run
while :; do
  now=$(date -u +%s)
  next=$(date -u -d "today $backup_at" +%s)
  ((next > now)) || next=$(date -u -d "tomorrow $backup_at" +%s)
  sleep $((next - now)) &
  wait $!
  run
done
