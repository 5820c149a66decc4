#!/usr/bin/env bash
# Ships backups/ off the machine, to BACKUP_REMOTE (an rclone remote: S3, SFTP, Azure Blob and
# others; docs/backups.md, "Off-site copies"), for the whole life of the backup container (started
# by schedule.sh when BACKUP_REMOTE is set). Every BACKUP_SHIP_SECONDS (15) it copies what is new
# or changed since it last did: the streamed WAL first, the segment being written (*.partial) too,
# so that a lost machine costs at most about that many seconds of leads, and the newest base
# backup, which that WAL continues; then, for the rest of that time, the other base backups and the
# dumps with their .secrets and .sig (last/, daily/, weekly/, monthly/), newest first, continued at
# the next round. A round counts as reached (heartbeat, metric) once the WAL and that base backup are. Everything that holds data
# leaves encrypted to BACKUP_RECIPIENT (age) as <name>.age (the WAL compressed first, as
# <name>.gz.age); the .secrets files already are, and signatures and system identifiers hold none. What the disk no longer keeps (rotation, WAL older
# than the oldest base backup) is removed from the remote too: the remote keeps what the disk
# keeps, and never loses what another machine put there. After each round it writes `heartbeat` on the remote (the last moment the
# machine reached it), backups/.offsite (and .offsite-ok) for the health check, and the table offsite_copies for
# the metric backup_offsite_newest_timestamp_seconds and its alert. A round that fails is tried
# again at the next one, from where it stopped.
set -uo pipefail
umask 077
source "$(dirname "$0")/settings.sh"
source "$(dirname "$0")/rclone.sh"
dir=${BACKUP_DIR:-/backups}
remote=$BACKUP_REMOTE
state=$dir/.offsite-shipped # what was shipped: path, size, mtime, one a line
outbox=$(mktemp -d)
trap 'rm -rf "$outbox"' EXIT

# Where a local file goes on the remote, and how: as it is (the .secrets are encrypted already,
# signatures and system identifiers hold no data), encrypted, or the WAL compressed first (a
# segment is 16 MB however little it holds).
remote_name() { # PATH (relative to backups/)
  case $1 in
    *.secrets | *.sig | */signature | */system_identifier) echo "$1" ;;
    wal/*) echo "$1.gz.age" ;;
    *) echo "$1.age" ;;
  esac
}
# What is off-site: every backup, base backup and WAL file, but what is being written. In the
# order a recovery needs them: the WAL, the newest base backup (which that WAL continues), then the
# rest, newest first.
local_files() {
  (cd "$dir" && {
    find wal -type f -printf '%p\t%s\t%T@\n' | sort
    for folder in $(find base -mindepth 1 -maxdepth 1 -type d ! -name '*.partial' | sort -r) \
      $(find last daily weekly monthly -mindepth 0 -maxdepth 0 -type d); do
      find "$folder" -type f ! -name '*.partial' -printf '%p\t%s\t%T@\n' | sort -r
    done
  } 2>/dev/null)
}

while :; do
  declare -A shipped=()
  if [[ -f $state ]]; then
    while IFS=$'\t' read -r path size mtime; do shipped[$path]="$size"$'\t'"$mtime"; done <"$state"
  fi
  failed=
  started=$SECONDS
  newest_base=$(cd "$dir" && find base -mindepth 1 -maxdepth 1 -type d ! -name '*.partial' 2>/dev/null | sort | tail -n 1)
  while IFS=$'\t' read -r path size mtime; do
    [[ ${shipped[$path]:-} == "$size"$'\t'"$mtime" ]] && continue
    # The WAL and the newest base backup whole every round; the rest, BACKUP_SHIP_SECONDS' worth a
    # round, so that a large backup never holds the WAL back longer than it takes to copy one file.
    [[ $path == wal/* || $path == "$newest_base"/* ]] || ((SECONDS - started < ship_seconds)) || break
    name=$(remote_name "$path")
    if [[ $path == wal/* ]]; then
      gzip -1 -c "$dir/$path" 2>"$outbox/age.err" | age --encrypt --recipient "$recipient" --output "$outbox/file"
    elif [[ $name == *.age ]]; then
      age --encrypt --recipient "$recipient" --output "$outbox/file" "$dir/$path" 2>"$outbox/age.err"
    else
      cp "$dir/$path" "$outbox/file" 2>"$outbox/age.err"
    fi
    # shellcheck disable=SC2181 # the status of whichever branch above ran
    if (($? != 0)); then
      # Gone since it was listed (a finished WAL segment renamed, rotation): the next round sees it.
      [[ -e $dir/$path ]] || continue
      failed="$path: $(head -n 1 "$outbox/age.err")"
      break
    fi
    if ! rclone copyto --retries 1 --low-level-retries 2 "$outbox/file" "$remote/$name" 2>"$outbox/rclone.err"; then
      failed="rclone: $(tail -n 1 "$outbox/rclone.err")"
      break
    fi
    shipped[$path]="$size"$'\t'"$mtime"
    printf '%s\t%s\t%s\n' "$path" "$size" "$mtime" >>"$state"
  done < <(local_files)

  # The remote keeps what the disk keeps: what this machine shipped and its disk no longer holds
  # (rotation, WAL older than the oldest base backup) goes from the remote too. What it did not
  # ship (an old machine's copies) is never touched.
  if [[ -z $failed ]]; then
    local_files | cut -f1 | sort >"$outbox/here"
    cut -f1 "$state" 2>/dev/null | sort -u | comm -23 - "$outbox/here" >"$outbox/gone"
    while IFS= read -r path; do
      rclone deletefile "$remote/$(remote_name "$path")" 2>/dev/null || true
    done <"$outbox/gone"
    if [[ -s $outbox/gone ]]; then
      awk -F'\t' 'NR == FNR { gone[$1] = 1; next } !gone[$1]' "$outbox/gone" "$state" >"$state.new"
      mv "$state.new" "$state"
    fi
  fi

  now=$(date -u +%s)
  if [[ -z $failed ]] && date -u +%FT%TZ >"$outbox/heartbeat" &&
    rclone copyto "$outbox/heartbeat" "$remote/heartbeat" 2>"$outbox/rclone.err"; then
    echo "ok $now" >"$dir/.offsite"
    touch "$dir/.offsite-ok"
    psql -XqAt -c "INSERT INTO offsite_copies (remote, newest_at) VALUES ('default', to_timestamp($now))
      ON CONFLICT (remote) DO UPDATE SET newest_at = excluded.newest_at" >/dev/null 2>&1 || true
  else
    echo "failed $now ${failed:-rclone: $(tail -n 1 "$outbox/rclone.err")}" >"$dir/.offsite"
    echo "The off-site copy FAILED: ${failed:-the heartbeat}; trying again in $ship_seconds s" >&2
  fi
  unset shipped
  sleep "$ship_seconds"
done
