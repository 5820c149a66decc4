#!/usr/bin/env bash
# `make restore FILE=… [KEY=…] [SIGNING_KEY=…] [REPLACE=1] [YES=1]`: puts a backup back into the
# container stack's database. FILE may be anywhere: in backups/ (which may be a link to another
# disk), a rescued copy, a download. Asks first (YES=1 answers for a script); a database that holds
# leads is replaced only with REPLACE=1. docs/backups.md, "Restoring" and "On a new machine".
#
# What it promises:
# - It checks before it changes anything: the files are there and readable, and the backup's
#   signature (infra/backup/signature.sh) was made with BACKUP_SIGNING_KEY for these very bytes,
#   so a copy cut short or altered, or one made by whoever could write to backups/ or the off-site
#   copy, is refused. The key is this machine's (.env), or with KEY the backup-signing-key.txt
#   kept beside it, or SIGNING_KEY. UNSIGNED=1 restores the database of a backup made before
#   backups were signed; settings (KEY) come only from a signed one.
# - It never touches its source: it restores from a copy in backups/restoring/, which also holds
#   the backup container's backups and rotation while it runs (backup.sh), and is removed after.
# - With KEY (the private key of the BACKUP_RECIPIENT the backup was made with, backup-key.txt),
#   the settings and TLS files the backup carries are put back first (put-back-settings.sh: only
#   settings this release has, never COMPOSE_*, and neither key nor setting through a container's
#   output), and the stack started with them: on a new machine, that is what makes the operators'
#   second factors work again (CONSOLE_SECRET_KEY sealed them).
# The contact-service is stopped during the database step, so nothing writes, and started again.
set -euo pipefail
read -ra compose <<<"$1"
file=${2:-} replace=${3:-} yes=${4:-} key=${5:-} signing=${6:-} unsigned=${7:-}
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
source infra/backup/signature.sh
if [[ -z $file ]]; then
  echo "Which backup? make restore FILE=backups/latest.dump (the newest), or one of:" >&2
  find -L backups -name '*.dump' -type f 2>/dev/null | sort | tail -n 10 | sed 's/^/  /' >&2
  exit 2
fi
[[ -f $file && -r $file ]] || refuse "There is no backup at $file, or it cannot be read."
dump=$(realpath "$file")
[[ $dump == *.dump ]] || refuse "FILE must be a backup's .dump file (got $file)."
secrets=${dump%.dump}.secrets
sig=${dump%.dump}.sig
shown=${file%.dump}

# --- Checked before anything changes ----------------------------------------------------------
if [[ -n $key ]]; then
  [[ -f $key && -r $key ]] || refuse "There is no key at $key (KEY is the file make up wrote as backup-key.txt)."
  [[ -f $secrets ]] || refuse "$file carries no settings (no $shown.secrets beside it): restore it without KEY, and set CONSOLE_SECRET_KEY in .env to the old machine's by hand."
  [[ -n $unsigned ]] && refuse "UNSIGNED=1 restores a database only: settings come only from a signed backup."
fi
signing_key=$(signing_key_from "$key" "$signing" .env) || refuse "$signing_key"
if [[ -n $unsigned && ! -e $sig ]]; then
  echo "Restoring $file without a signature (UNSIGNED=1): make sure it is the file you think it is."
elif [[ ! $signing_key =~ ^[0-9a-f]{64}$ ]]; then
  refuse "No signing key to check $file with: this machine's .env has no BACKUP_SIGNING_KEY (run make up first), and no SIGNING_KEY=… or KEY=… names one."
elif ! why=$(verify_backup "$dump" "$secrets" "$sig" "$signing_key"); then
  [[ -e $sig ]] || why="$why: backups made before release 1.2.0 are not signed; UNSIGNED=1 restores one's database if you know where it has been"
  [[ -n $signing || -n $key ]] || why="$why; on a new machine, name the old one's key with SIGNING_KEY=… or KEY=…"
  refuse "Refused $file: $why."
fi
# With KEY, a database that holds leads is replaced only with REPLACE=1: asked before .env
# changes, so a refusal leaves everything as it was. (Without KEY, restore.sh in the container asks.)
if [[ -n $key ]]; then
  # shellcheck disable=SC2016 # expanded by the container's shell
  leads=$("${compose[@]}" exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -XAtc "SELECT count(*) FROM contact_submissions"' 2>/dev/null | tr -d '\r' || true)
  if [[ ${leads:-0} =~ ^[0-9]+$ ]] && ((${leads:-0} > 0)) && [[ -z $replace ]]; then
    refuse "The database is not empty: it holds $leads leads. To replace them with the backup, run: make restore FILE=… KEY=… REPLACE=1."
  fi
fi
confirm "$yes" "Restore $file${key:+ and the settings it carries} into the container stack${replace:+, replacing what its database holds}?"

# --- A copy to restore from, which holds the backups meanwhile -----------------------------------
mkdir -p backups
stage=$(realpath backups)/restoring
if [[ -d $stage && -n $(find "$stage" -maxdepth 0 -mmin -360) ]]; then
  refuse "Another restore is running (backups/restoring/ is there); if none is, remove that folder."
fi
rm -rf "$stage"
(umask 077 && mkdir "$stage")
# shellcheck disable=SC2016 # expanded when the exit trap runs
on_exit 'rm -rf "$stage"'
name=$(basename "$dump" .dump)
cp "$dump" "$stage/$name.dump"
[[ -f $secrets ]] && cp "$secrets" "$stage/$name.secrets"
[[ -f $sig ]] && cp "$sig" "$stage/$name.sig"
infra/compose/private.sh
# What is restored is what was checked: the copy is checked again.
if [[ -z $unsigned || -e $sig ]] && ! why=$(verify_backup "$stage/$name.dump" "$stage/$name.secrets" "$stage/$name.sig" "$signing_key"); then
  refuse "Refused $file: while it was copied, $why."
fi
in_stage=/backups/restoring/$name

# --- The settings and TLS files, with KEY ----------------------------------------------------
if [[ -n $key ]]; then
  infra/compose/put-back-settings.sh "${compose[*]}" "$stage/$name.secrets" "$key" "$file"
  # Started, or started again, with what was put back (the backups held: backups/restoring/).
  make --no-print-directory up
fi

# --- The database ----------------------------------------------------------------------------
if [[ -z $("${compose[@]}" ps -q backup 2>/dev/null) ]]; then
  echo "The container stack is not running: start it with make up, then restore." >&2
  exit 1
fi
"${compose[@]}" stop contact-service
status=0
"${compose[@]}" exec -T backup bash /backup/restore.sh "$in_stage.dump" ${replace:+replace} || status=$?
"${compose[@]}" start contact-service
infra/compose/wait-healthy.sh "${compose[@]}" >/dev/null
if ((status == 0)); then
  # The backups run again, and the restored database gets the base backup that `make recover`
  # starts from (until the next one, the newest base backup is of the database replaced).
  rm -rf "$stage"
  "${compose[@]}" exec -T backup bash /backup/base-backup.sh
fi
if ((status == 0)) && [[ -z $key && -f $secrets ]]; then
  echo "The backup's settings were not put back: that is right on the machine that made it. On a new machine, run it again with KEY=<backup-key.txt> REPLACE=1, or no operator's second factor works (docs/backups.md, \"On a new machine\")."
fi
exit $status
