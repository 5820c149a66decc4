#!/usr/bin/env bash
# The backup container's main process: a backup when it starts (BACKUP_ON_START, default true)
# and every day at BACKUP_AT (HH:MM, UTC, default 02:30). Each outcome is written to
# /tmp/backup-status, which the container's health check reads: a failed backup makes the
# container unhealthy, so `make ps` and any monitoring of container health show it.
set -euo pipefail
source "$(dirname "$0")/settings.sh"

trap 'exit 0' TERM INT
until pg_isready -q; do sleep 1; done

run() {
  if bash /backup/backup.sh; then
    echo "ok $(date -u +%FT%TZ)" >/tmp/backup-status
  else
    echo "failed $(date -u +%FT%TZ)" >/tmp/backup-status
    echo "The backup FAILED: see the lines above" >&2
  fi
}

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
