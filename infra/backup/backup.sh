#!/usr/bin/env bash
# One backup of the stack's database, run in the backup container (docker-compose.yml, `backup`):
# on its schedule (schedule.sh) and by `make backup`. A compressed pg_dump in custom format goes
# to last/, and beside it, encrypted to BACKUP_RECIPIENT (age), what using it on another machine
# needs: .env (CONSOLE_SECRET_KEY seals the operators' second factors) and the files of ./tls.
# Both are hard-linked as the day's, the week's and the month's backup (daily/, weekly/,
# monthly/), and older ones are removed: BACKUP_KEEP_DAYS, _WEEKS and _MONTHS, the rotation of the
# common postgres-backup-local image, by the date in each file's name (never its mtime: a copy made
# with cp -p, rsync -a or rclone keeps an old one). A signature (signature.sh) makes the pair
# authentic. Everything is written 0600 in 0700 folders. The connection comes from PGHOST, PGUSER,
# PGPASSWORD and PGDATABASE.
# With BACKUP_INTO=<folder> (`make upgrade`'s backup before anything changes), the three files go
# into backups/<folder>/ instead, and nothing is linked or rotated: that folder is kept until the
# next successful upgrade (infra/compose/upgrade.sh), for `make rollback` and `make restore`.
set -euo pipefail
umask 077
dir=${BACKUP_DIR:-/backups}
into=${BACKUP_INTO:-last}
[[ $into =~ ^(last|before-upgrade/[0-9A-Za-z._-]+)$ ]] ||
  {
    echo "BACKUP_INTO must be a folder of backups/before-upgrade/ (got \"$into\")" >&2
    exit 1
  }

# `make restore` holds the backups while it runs (backups/restoring/, infra/compose/restore.sh):
# nothing is written, linked or rotated under the copy it restores from. A hold left by a restore
# that was killed lapses after 6 hours.
if [[ -d $dir/restoring && -n $(find "$dir/restoring" -maxdepth 0 -mmin -360) ]]; then
  echo "No backup now: make restore is running (backups/restoring/ holds the backups until it ends)."
  exit 0
fi

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
source "$(dirname "$0")/signature.sh"

mkdir -p "$dir/$into" "$dir/last" "$dir/daily" "$dir/weekly" "$dir/monthly"
stamp=$(date -u +%Y%m%d-%H%M%S)
name=$PGDATABASE-$stamp.dump
secrets=$PGDATABASE-$stamp.secrets
# Written under temporary names first: a file cut off half-way is never taken for a backup.
pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$dir/$into/$name.partial"
pg_restore --list "$dir/$into/$name.partial" >/dev/null
# .env less Compose's own COMPOSE_* settings, which choose the containers of this machine (a
# restore refuses a backup that carries one), and the files of ./tls.
carry=$(mktemp -d)
# (grep answers 1 when it leaves out nothing, 2 when it cannot read .env: that fails the backup.)
{ grep -v '^COMPOSE_' /config/.env || (($? == 1)); } >"$carry/.env"
carried=(-C "$carry" .env)
[[ -d /config/tls ]] && carried+=(-C /config tls)
tar -c "${carried[@]}" | age --encrypt --recipient "$recipient" --output "$dir/$into/$secrets.partial"
rm -rf "$carry"
sign_backup "$dir/$into/$name.partial" "$dir/$into/$secrets.partial" "$signing_key" >"$dir/$into/$PGDATABASE-$stamp.sig"
mv "$dir/$into/$secrets.partial" "$dir/$into/$secrets"
mv "$dir/$into/$name.partial" "$dir/$into/$name"
if [[ $into != last ]]; then
  echo "Backup written: backups/$into/$name ($(du -h "$dir/$into/$name" | cut -f1)), its settings in backups/$into/$secrets"
  exit 0
fi
# Only this stack's own backups are replaced or removed: a backup whose signature another key made
# (a copy from another machine put into backups/, to restore it) is left alone. One with no
# signature is an older release's own.
ours() { # PATH-WITHOUT-KIND
  [[ ! -e $1.sig ]] || signed_with "$1.sig" "$signing_key"
}
for period in "daily/$PGDATABASE-$(date -u +%Y%m%d)" "weekly/$PGDATABASE-$(date -u +%G-W%V)" \
  "monthly/$PGDATABASE-$(date -u +%Y%m)"; do
  ours "$dir/$period" || continue
  for kind in dump secrets sig; do ln -f "$dir/last/$PGDATABASE-$stamp.$kind" "$dir/$period.$kind"; done
done
for kind in dump secrets sig; do ln -sfn "last/$PGDATABASE-$stamp.$kind" "$dir/latest.$kind"; done

# Rotation, by the date in each name. Every backup of the last day stays in last/; the links in the
# other folders keep the data of older ones alive for as long as their folder keeps them. A name
# sorts as its date does, so a backup goes when its name sorts before the oldest one kept.
# Files named otherwise are never removed.
older_than() { # FOLDER NAME-FORMAT OLDEST-KEPT: removes the backups whose date sorts before it
  local sig base date
  for sig in "$1/$PGDATABASE"-*.sig "$1/$PGDATABASE"-*.dump; do
    [[ -f $sig ]] || continue
    base=${sig%.*}
    date=${base##*/"$PGDATABASE"-}
    [[ $date =~ ^$2$ && $date < $3 ]] && ours "$base" && rm -f "$base.dump" "$base.secrets" "$base.sig"
  done
  return 0
}
older_than "$dir/last" '[0-9]{8}-[0-9]{6}' "$(date -u -d '1 day ago' +%Y%m%d-%H%M%S)"
older_than "$dir/daily" '[0-9]{8}' "$(date -u -d "$((keep_days - 1)) days ago" +%Y%m%d)"
older_than "$dir/weekly" '[0-9]{4}-W[0-9]{2}' "$(date -u -d "$((keep_weeks - 1)) weeks ago" +%G-W%V)"
older_than "$dir/monthly" '[0-9]{6}' "$(date -u -d "$(date -u +%Y-%m-15) $((keep_months - 1)) months ago" +%Y%m)"
# A file a backup was still writing an hour ago was left by one that failed: it is written in
# place, never copied, so its mtime is its own.
find "$dir/last" -name '*.partial' -mmin +60 -delete

echo "Backup written: backups/last/$name ($(du -h "$dir/last/$name" | cut -f1)), its settings in backups/last/$secrets"

# The schedule's backups (not `make backup`'s) also take a base backup, for `make recover`.
if [[ ${1:-} == with-base ]]; then bash "$(dirname "$0")/base-backup.sh"; fi
