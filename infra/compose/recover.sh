#!/usr/bin/env bash
# `make recover [TIME='2026-11-27 10:15:00+00'] [KEY=…] [REMOTE=…] [SIGNING_KEY=…] [YES=1]`: puts
# the container stack's database back after its disk (the db-data volume) was lost or damaged, or
# on a new machine from a rescued backups/ or, with REMOTE and KEY, from the off-site copy
# (BACKUP_REMOTE's, ship.sh; fetched into backups/ and opened with KEY by fetch.sh). The newest
# base backup in backups/base/ signed with this stack's BACKUP_SIGNING_KEY (the newest one taken
# before TIME, with TIME), then every change the WAL stream put into backups/wal/ after it, up to
# TIME or to the last moment streamed: seconds before the loss. With KEY (backup-key.txt) on a new
# machine, the settings of the newest signed backup are put back first (put-back-settings.sh), the
# database's own among them: the cluster recovered was made with them. The signing key is this
# machine's (.env), or with KEY the backup-signing-key.txt beside it, or SIGNING_KEY. Whatever the
# volume holds is replaced, so it asks first (YES=1 answers for a script). docs/backups.md,
# "Recovering to the last moment" and "A lost machine".
set -euo pipefail
read -ra compose <<<"$1"
target=${2:-} yes=${3:-} key=${4:-} signing=${5:-} unsigned=${6:-} remote=${7:-}
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
source infra/backup/signature.sh

if [[ -n $key ]]; then
  [[ -f $key && -r $key ]] || refuse "There is no key at $key (KEY is the file make up wrote as backup-key.txt)."
fi
signing_key=$(signing_key_from "$key" "$signing" .env) || refuse "$signing_key"
[[ $signing_key =~ ^[0-9a-f]{64}$ || -n $unsigned ]] ||
  refuse "No signing key to check the base backups with: this machine's .env has no BACKUP_SIGNING_KEY, and no SIGNING_KEY=… or KEY=… names one."

# The off-site copy, fetched first: nothing else changes if that fails.
if [[ -n $remote ]]; then
  [[ -n $key ]] || refuse "REMOTE needs KEY: what left the machine is encrypted to the backup key."
  mkdir -p backups
  infra/compose/private.sh
  quietly "${compose[@]}" build -q backup
  # As the backup container's user, who owns backups/, with a copy of the key it can read.
  keydir=$(umask 077 && mktemp -d)
  # shellcheck disable=SC2016 # expanded when the exit trap runs
  on_exit 'rm -rf "$keydir"'
  cp "$key" "$keydir/key"
  (($(id -u) != 0)) || chown -R "$BACKUP_USER" "$keydir"
  fetched=$(BACKUP_REMOTE=$remote "${compose[@]}" run --rm --no-deps -T -v "$keydir/key:/run/backup-key:ro" \
    --entrypoint bash backup /backup/fetch.sh | tr -d '\r') ||
    refuse "Could not fetch the off-site copy from REMOTE (see above)."
  grep -v '^heartbeat ' <<<"$fetched"
  heartbeat=$(sed -n 's/^heartbeat //p' <<<"$fetched")
  [[ -z $heartbeat ]] || echo "The old machine last reached the off-site copy at $heartbeat."
  infra/compose/private.sh
fi

mapfile -t bases < <(find backups/base -mindepth 1 -maxdepth 1 -type d -name '[0-9]*-[0-9]*' 2>/dev/null | sort)
if [[ -n $target ]]; then
  until=$(date -u -d "$target" +%Y%m%d-%H%M%S 2>/dev/null) ||
    refuse "TIME must be a moment date understands, such as '2026-11-27 10:15:00+00' (got \"$target\")."
  mapfile -t bases < <(printf '%s\n' "${bases[@]}" | awk -F/ -v until="$until" '$NF <= until')
fi
# The newest this stack signed (another machine's, or a forged one, is passed over and named):
# a base backup is unpacked into the database's folder, settings files and all.
base=
for candidate in $(printf '%s\n' "${bases[@]}" | grep . | sort -r); do
  if verify_base "$candidate" "$signing_key"; then base=$candidate && break; fi
  if [[ -n $unsigned && ! -e $candidate/signature && -s $candidate/system_identifier ]]; then base=$candidate && break; fi
  echo "Passed over $candidate: it is not a complete base backup signed with this BACKUP_SIGNING_KEY." >&2
done
[[ -n $base ]] ||
  refuse "There is no base backup signed with this BACKUP_SIGNING_KEY in backups/base/${target:+ from before $target}: the backup container takes one when it starts and daily (before release 1.2.0, unsigned: UNSIGNED=1). Without one, restore a dump (make restore)."
# The WAL streamed from the cluster the base backup was taken of.
wal=backups/wal/$(cat "$base/system_identifier")
# With KEY, the settings of the newest backup this stack signed.
if [[ -n $key ]]; then
  settings_from=
  for sig in $(find -L backups/last -name 'contact-*.sig' 2>/dev/null | sort -r) \
    $(find -L backups/daily -name 'contact-*.sig' 2>/dev/null | sort -r); do
    dump=${sig%.sig}.dump
    if [[ -f $dump ]] && verify_backup "$dump" "${sig%.sig}.secrets" "$sig" "$signing_key" >/dev/null &&
      [[ -f ${sig%.sig}.secrets ]]; then
      settings_from=${sig%.sig}
      break
    fi
  done
  [[ -n $settings_from ]] || refuse "There is no signed backup in backups/last or backups/daily whose settings KEY could put back."
fi
confirm "$yes" "Replace the stack's database with $base and the WAL streamed after it${target:+, up to $target}?"

if [[ -n $key ]]; then
  echo "The settings of ${settings_from#backups/}:"
  infra/compose/put-back-settings.sh "${compose[*]}" "$settings_from.secrets" "$key" "$settings_from.dump" recover
fi

# Nothing writes meanwhile; the database's container goes, its volume stays (or is made anew).
"${compose[@]}" stop contact-service backup
"${compose[@]}" rm -f -s db >/dev/null
# In a one-off container of the db service, as root, with the volume where the server keeps it.
"${compose[@]}" run --rm --no-deps -T -v "$PWD/backups:/backups:ro" --entrypoint bash db \
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
  # A segment both complete and partial (an off-site copy taken between the two): the complete one.
  [[ $name == *.partial && -f $wal/$full ]] && continue
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

"${compose[@]}" up -d db
# shellcheck disable=SC2016 # expanded by the container's shell
sql() { "${compose[@]}" exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -XAtc "$0"' "$1" 2>/dev/null | tr -d '\r'; }
recovered() { [[ $(sql 'SELECT pg_is_in_recovery()') == f ]]; }
within 300 recovered ||
  {
    echo "The database did not finish its recovery within 5 minutes: see make logs (db)." >&2
    exit 1
  }
# This machine's database password, in case the recovered cluster was made with another (a new
# machine recovered without KEY): read by psql from the container's environment, never on a
# command line.
# shellcheck disable=SC2016 # expanded by the container's shell
"${compose[@]}" exec -T db sh -c 'psql -X -q -U "$POSTGRES_USER" -d "$POSTGRES_DB" -v ON_ERROR_STOP=1' >/dev/null <<'SQL'
\getenv password POSTGRES_PASSWORD
ALTER ROLE CURRENT_USER PASSWORD :'password';
SQL
# The contact-service's own role, with this machine's password (service-role.sh).
infra/compose/service-role.sh "${compose[@]}"
# What the recovery needed is not needed again.
for setting in restore_command recovery_target_action recovery_target_time; do
  sql "ALTER SYSTEM RESET $setting" >/dev/null
done
# The recovered server streams its WAL from a new slot, into a folder of its own: the stream
# before the recovery, kept beside it, goes on past the moment recovered to. A base backup then
# starts the chain again.
[[ -d $wal ]] && mv "$wal" "$wal.before-recovery-$(date -u +%Y%m%d-%H%M%S)"
make --no-print-directory up
"${compose[@]}" exec -T backup bash /backup/base-backup.sh
echo "Recovered: $(sql 'SELECT count(*) FROM contact_submissions') leads, the newest received $(sql "SELECT coalesce(to_char(max(created_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') || ' UTC', 'never') FROM contact_submissions")."
if [[ -n ${heartbeat:-} ]]; then
  every=$(sed -n 's/^BACKUP_SHIP_SECONDS=//p' .env | tail -n 1)
  echo "Recovery point: the off-site WAL covers the old machine up to its last round, at $heartbeat (one every ${every:-15} s);" \
    "a lead acknowledged after that round could not be brought back: at most ${every:-15} s of leads, if the machine shipped until it was lost."
fi
