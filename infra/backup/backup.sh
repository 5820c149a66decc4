#!/usr/bin/env bash
# One backup of the stack's database, run in the backup container (docker-compose.yml, `backup`):
# on its schedule (schedule.sh) and by `make backup`. A compressed pg_dump in custom format goes
# to last/, and beside it, encrypted to BACKUP_RECIPIENT (age), what using it on another machine
# needs: .env (CONSOLE_SECRET_KEY seals the operators' second factors) and the files of ./tls.
# Both are hard-linked as the day's, the week's and the month's backup (daily/, weekly/,
# monthly/), and older ones are removed: BACKUP_KEEP_DAYS, _WEEKS and _MONTHS, the rotation of the
# common postgres-backup-local image. The connection comes from PGHOST, PGUSER, PGPASSWORD and
# PGDATABASE.
set -euo pipefail
dir=${BACKUP_DIR:-/backups}

# Each outcome, this one or the schedule's, is kept in backups/.status for the health check, and
# in the table backup_runs for the service's metrics and the alerts (infra/monitoring/alerts.yml;
# not there before the service's first start, and the database may be what failed: best effort).
outcome() {
  local ok=false
  (($1 == 0)) && ok=true
  if $ok; then echo "ok $(date -u +%FT%TZ)"; else echo "failed $(date -u +%FT%TZ)"; fi >"$dir/.status"
  psql -XqAt -c "INSERT INTO backup_runs (ok) VALUES ($ok);
    DELETE FROM backup_runs WHERE finished_at < now() - interval '40 days'" >/dev/null 2>&1 || true
}
trap 'outcome $?' EXIT

source "$(dirname "$0")/settings.sh"

mkdir -p "$dir/last" "$dir/daily" "$dir/weekly" "$dir/monthly"
stamp=$(date -u +%Y%m%d-%H%M%S)
name=$PGDATABASE-$stamp.dump
secrets=$PGDATABASE-$stamp.secrets
# Written under temporary names first: a file cut off half-way is never taken for a backup.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$dir/last/$name.partial"
pg_restore --list "$dir/last/$name.partial" >/dev/null
carried=(.env)
[[ -d /config/tls ]] && carried+=(tls)
tar -C /config -c "${carried[@]}" | age --encrypt --recipient "$recipient" --output "$dir/last/$secrets.partial"
mv "$dir/last/$secrets.partial" "$dir/last/$secrets"
mv "$dir/last/$name.partial" "$dir/last/$name"
for kind in dump secrets; do
  ln -f "$dir/last/$PGDATABASE-$stamp.$kind" "$dir/daily/$PGDATABASE-$(date -u +%Y%m%d).$kind"
  ln -f "$dir/last/$PGDATABASE-$stamp.$kind" "$dir/weekly/$PGDATABASE-$(date -u +%G-W%V).$kind"
  ln -f "$dir/last/$PGDATABASE-$stamp.$kind" "$dir/monthly/$PGDATABASE-$(date -u +%Y%m).$kind"
  ln -sfn "last/$PGDATABASE-$stamp.$kind" "$dir/latest.$kind"
done

# Rotation. Every backup of the last day stays in last/; the links in the other folders keep
# the data of older ones alive for as long as their folder keeps them.
for kind in dump secrets; do
  find "$dir/last" -name "*.$kind" -mmin +1440 -delete
  find "$dir/daily" -name "*.$kind" -mmin +$((keep_days * 1440)) -delete
  find "$dir/weekly" -name "*.$kind" -mmin +$((keep_weeks * 7 * 1440)) -delete
  find "$dir/monthly" -name "*.$kind" -mmin +$((keep_months * 31 * 1440)) -delete
done
find "$dir/last" -name '*.partial' -mmin +60 -delete

echo "Backup written: backups/last/$name ($(du -h "$dir/last/$name" | cut -f1)), its settings in backups/last/$secrets"

# The schedule's backups (not `make backup`'s) also take a base backup, for `make recover`.
if [[ ${1:-} == with-base ]]; then bash "$(dirname "$0")/base-backup.sh"; fi
