#!/usr/bin/env bash
# A base backup of the database (pg_basebackup: its files as of one moment, with the WAL needed
# to open them) into backups/base/<time>/, the starting point of `make recover`, which replays the
# WAL streamed after it (wal.sh) on top of it. Taken with the schedule's backups (when the
# container starts and daily) and after a recovery; kept BACKUP_KEEP_DAYS days, the newest always.
# WAL older than the oldest base backup kept is removed, since nothing can use it any more.
set -euo pipefail
umask 077 # what it writes into backups/ is for its owner only
source "$(dirname "$0")/settings.sh"
source "$(dirname "$0")/signature.sh"
dir=/backups/base
mkdir -p "$dir"
stamp=$(date -u +%Y%m%d-%H%M%S)
system=$(psql -XAtc 'SELECT system_identifier FROM pg_control_system()')
rm -rf "$dir"/*.partial
pg_basebackup --pgdata="$dir/$stamp.partial" --format=tar --gzip --wal-method=stream \
  --checkpoint=fast --no-password
# Which cluster's streamed WAL continues it (backups/wal/<system identifier>/).
echo "$system" >"$dir/$stamp.partial/system_identifier"
# Signed, as every backup is: `make recover` starts only from a base backup this stack made.
base_signature_body "$dir/$stamp.partial" | sign_body "$signing_key" >"$dir/$stamp.partial/signature"
mv "$dir/$stamp.partial" "$dir/$stamp"

# Older base backups beyond BACKUP_KEEP_DAYS go, by the time in their names, the newest stays
# whatever its age; only this stack's own (signed with its key) or an older release's (unsigned):
# a copy from another machine, put here to recover it, is left alone.
bases() { find "$dir" -mindepth 1 -maxdepth 1 -type d -name '[0-9]*-[0-9]*' | sort; }
newest=$(bases | tail -n 1)
oldest_kept=$(date -u -d "$keep_days days ago" +%Y%m%d-%H%M%S)
for base in $(bases); do
  [[ $base != "$newest" && ${base##*/} < $oldest_kept ]] || continue
  [[ ! -e $base/signature ]] || signed_with "$base/signature" "$signing_key" || continue
  rm -rf "$base"
done
# This cluster's oldest base backup kept, and the first WAL segment it needs (its backup_manifest
# says where it starts): the WAL streamed before that goes.
oldest=
for base in $(bases); do
  if [[ $(cat "$base/system_identifier" 2>/dev/null) == "$system" ]]; then oldest=$base && break; fi
done
start=$(sed -n 's/.*"Start-LSN": *"\([0-9A-F\/]*\)".*/\1/p' "$oldest/backup_manifest")
start=${start%%$'\n'*}
if [[ -n $start && -d /backups/wal/$system ]]; then
  pg_archivecleanup "/backups/wal/$system" "$(psql -XAtc "SELECT pg_walfile_name('$start')")"
fi
echo "Base backup written: backups/base/$stamp ($(du -sh "$dir/$stamp" | cut -f1))"
