#!/usr/bin/env bash
# `make recover [TIME='2026-11-27 10:15:00+00'] [YES=1]`: puts the container stack's database back
# after its disk (the db-data volume) was lost or damaged. The newest base backup in backups/base/
# (the newest one taken before TIME, with TIME), then every change the WAL stream put into
# backups/wal/ after it, up to TIME or to the last moment streamed: seconds before the loss.
# Whatever the volume holds is replaced, so it asks first (YES=1 answers for a script).
# docs/backups.md, "Recovering to the last moment".
set -euo pipefail
compose=$1 target=${2:-} yes=${3:-}
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh

mapfile -t bases < <(find backups/base -mindepth 1 -maxdepth 1 -type d -name '[0-9]*-[0-9]*' 2>/dev/null | sort)
if [[ -n $target ]]; then
  until=$(date -u -d "$target" +%Y%m%d-%H%M%S 2>/dev/null) ||
    { echo "TIME must be a moment date understands, such as '2026-11-27 10:15:00+00' (got \"$target\")." >&2; exit 2; }
  mapfile -t bases < <(printf '%s\n' "${bases[@]}" | awk -F/ -v until="$until" '$NF <= until')
fi
base=$(printf '%s\n' "${bases[@]}" | tail -n 1)
[[ -n $base ]] || {
  echo "There is no base backup in backups/base/${target:+ from before $target}: the backup container takes one when it starts and daily. Without one, restore a dump (make restore)." >&2
  exit 2
}
[[ -f $base/base.tar.gz && -f $base/pg_wal.tar.gz && -s $base/system_identifier ]] ||
  { echo "$base is not a complete base backup." >&2; exit 2; }
# The WAL streamed from the cluster the base backup was taken of.
wal=backups/wal/$(cat "$base/system_identifier")
if [[ $yes != 1 ]]; then
  [[ -t 0 ]] || { echo "Not confirmed: standard input is not a terminal, so run it again with YES=1." >&2; exit 1; }
  read -r -p "Replace the stack's database with $base and the WAL streamed after it${target:+, up to $target}? [y/N] " answer
  [[ $answer =~ ^[Yy](es)?$ ]] || { echo "Nothing was changed."; exit 1; }
fi

# Nothing writes meanwhile; the database's container goes, its volume stays (or is made anew).
$compose stop contact-service backup
$compose rm -f -s db >/dev/null
# In a one-off container of the db service, as root, with the volume where the server keeps it.
$compose run --rm --no-deps -T -v "$PWD/backups:/backups:ro" --entrypoint bash db \
  -s "${base#backups/}" "${wal#backups/}" "$target" <<'SH'
set -euo pipefail
base=/backups/$1 wal=/backups/$2 target=$3
find "$PGDATA" -mindepth 1 -delete
tar -xzf "$base/base.tar.gz" -C "$PGDATA"
tar -xzf "$base/pg_wal.tar.gz" -C "$PGDATA/pg_wal"
# The streamed segments from the base backup's first on (the one being written when the stream
# stopped, *.partial, under its full name), and the timelines' histories.
first=$(find "$PGDATA/pg_wal" -maxdepth 1 -regextype egrep -regex '.*/[0-9A-F]{24}' -printf '%f\n' | sort | sed -n 1p)
copied=0
for file in "$wal"/*; do
  [[ -f $file ]] || continue
  name=$(basename "$file")
  full=${name%.partial}
  if [[ $full == *.history ]]; then cp "$file" "$PGDATA/pg_wal/$full"; continue; fi
  [[ $full =~ ^[0-9A-F]{24}$ && ! ${full:8} < ${first:8} ]] || continue
  cp "$file" "$PGDATA/pg_wal/$full"
  copied=$((copied + 1))
done
touch "$PGDATA/recovery.signal"
{
  echo "restore_command = '/bin/false'"
  echo "recovery_target_action = 'promote'"
  if [[ -n $target ]]; then echo "recovery_target_time = '$target'"; fi
} >>"$PGDATA/postgresql.auto.conf"
chown -R postgres:postgres "$PGDATA"
chmod 700 "$PGDATA"
echo "Unpacked ${base#/backups/} and $copied streamed WAL segments"
SH

$compose up -d db
sql() { $compose exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -XAtc "$0"' "$1" 2>/dev/null | tr -d '\r'; }
recovered() { [[ $(sql 'SELECT pg_is_in_recovery()') == f ]]; }
within 300 recovered ||
  { echo "The database did not finish its recovery within 5 minutes: see make logs (db)." >&2; exit 1; }
# What the recovery needed is not needed again.
for setting in restore_command recovery_target_action recovery_target_time; do
  sql "ALTER SYSTEM RESET $setting" >/dev/null
done
# The recovered server streams its WAL from a new slot, into a folder of its own: the stream
# before the recovery, kept beside it, goes on past the moment recovered to. A base backup then
# starts the chain again.
[[ -d $wal ]] && mv "$wal" "$wal.before-recovery-$(date -u +%Y%m%d-%H%M%S)"
make --no-print-directory up
$compose exec -T backup bash /backup/base-backup.sh
echo "Recovered: $(sql 'SELECT count(*) FROM contact_submissions') leads, the newest received $(sql "SELECT coalesce(to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC', 'never') FROM contact_submissions")."
