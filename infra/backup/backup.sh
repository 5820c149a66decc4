#!/usr/bin/env bash
# One backup of the stack's database, run in the backup container (docker-compose.yml, `backup`):
# on its schedule (schedule.sh) and by `make backup`. A compressed pg_dump in custom format goes
# to last/; it is hard-linked as the day's, the week's and the month's backup (daily/, weekly/,
# monthly/), and older ones are removed: BACKUP_KEEP_DAYS, _WEEKS and _MONTHS, the rotation of the
# common postgres-backup-local image. The connection comes from PGHOST, PGUSER, PGPASSWORD and
# PGDATABASE.
set -euo pipefail
dir=${BACKUP_DIR:-/backups}

source "$(dirname "$0")/settings.sh"

mkdir -p "$dir/last" "$dir/daily" "$dir/weekly" "$dir/monthly"
name=$PGDATABASE-$(date -u +%Y%m%d-%H%M%S).dump
# Written under a temporary name first: a dump cut off half-way is never taken for a backup.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$dir/last/$name.partial"
pg_restore --list "$dir/last/$name.partial" >/dev/null
mv "$dir/last/$name.partial" "$dir/last/$name"
ln -f "$dir/last/$name" "$dir/daily/$PGDATABASE-$(date -u +%Y%m%d).dump"
ln -f "$dir/last/$name" "$dir/weekly/$PGDATABASE-$(date -u +%G-W%V).dump"
ln -f "$dir/last/$name" "$dir/monthly/$PGDATABASE-$(date -u +%Y%m).dump"
ln -sfn "last/$name" "$dir/latest.dump"

# Rotation. Every backup of the last day stays in last/; the links in the other folders keep
# the data of older ones alive for as long as their folder keeps them.
find "$dir/last" -name '*.dump' -mmin +1440 -delete
find "$dir/daily" -name '*.dump' -mmin +$((keep_days * 1440)) -delete
find "$dir/weekly" -name '*.dump' -mmin +$((keep_weeks * 7 * 1440)) -delete
find "$dir/monthly" -name '*.dump' -mmin +$((keep_months * 31 * 1440)) -delete
find "$dir/last" -name '*.partial' -mmin +60 -delete

echo "Backup written: backups/last/$name ($(du -h "$dir/last/$name" | cut -f1))"
