#!/usr/bin/env bash
# A base backup of the database (pg_basebackup: its files as of one moment, with the WAL needed
# to open them) into backups/base/<time>/, the starting point of `make recover`, which replays the
# streamed WAL (wal.sh) on top of it. Taken by schedule.sh when the container starts and after each
# daily backup; kept BACKUP_KEEP_DAYS days, the newest always. WAL older than the oldest base backup
# kept is removed from backups/wal, since nothing can use it any more.
set -euo pipefail
source "$(dirname "$0")/settings.sh"
dir=/backups/base
mkdir -p "$dir"
stamp=$(date -u +%Y%m%d-%H%M%S)
rm -rf "$dir"/*.partial
pg_basebackup --pgdata="$dir/$stamp.partial" --format=tar --gzip --wal-method=stream \
  --checkpoint=fast --no-password
mv "$dir/$stamp.partial" "$dir/$stamp"

# Older base backups beyond BACKUP_KEEP_DAYS go, the newest stays whatever its age.
newest=$(find "$dir" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*-[0-9]*' | sort | tail -n 1)
find "$dir" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*-[0-9]*' -mmin +$((keep_days * 1440)) \
  ! -path "$newest" -exec rm -rf {} +
oldest=$(find "$dir" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*-[0-9]*' | sort | head -n 1)
# The first WAL segment the oldest base backup needs (its backup_manifest names where it starts).
start=$(sed -n 's/.*"Start-LSN": *"\([0-9A-F\/]*\)".*/\1/p' "$oldest/backup_manifest" | head -n 1)
if [[ -n $start ]]; then
  first=$(psql -XAtc "SELECT pg_walfile_name('$start')")
  pg_archivecleanup /backups/wal "$first"
fi
echo "Base backup written: backups/base/$stamp ($(du -sh "$dir/$stamp" | cut -f1))"
