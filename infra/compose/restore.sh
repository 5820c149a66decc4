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
#   the settings and TLS files the backup carries are put back first, and the stack started with
#   them: on a new machine, that is what makes the operators' second factors work again
#   (CONSOLE_SECRET_KEY sealed them). Only settings this release has are applied
#   (known-settings.sh): a backup naming a COMPOSE_* setting or an unknown one is refused, with
#   one line that names them. What stays as this machine has it: the database volume's own
#   settings (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB) and any TLS file it has. Neither the
#   key nor a setting passes through a container's output: age writes into a private folder.
# The contact-service is stopped during the database step, so nothing writes, and started again.
set -euo pipefail
compose=$1 file=${2:-} replace=${3:-} yes=${4:-} key=${5:-} signing=${6:-} unsigned=${7:-}
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
source infra/backup/signature.sh
refuse() { # MESSAGE: one line, then stop with nothing changed
  echo "$1 Nothing was changed." >&2
  exit 2
}
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
  signing=${signing:-$(dirname "$key")/backup-signing-key.txt}
fi
if [[ -n $signing ]]; then
  [[ -f $signing && -r $signing ]] || refuse "There is no signing key at $signing (make up wrote it as backup-signing-key.txt, to keep beside backup-key.txt; SIGNING_KEY=… names it)."
  signing_key=$(head -n 1 "$signing")
else
  signing_key=$(sed -n 's/^BACKUP_SIGNING_KEY=//p' .env | tail -n 1)
fi
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
  leads=$($compose exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -XAtc "SELECT count(*) FROM contact_submissions"' 2>/dev/null | tr -d '\r' || true)
  if [[ ${leads:-0} =~ ^[0-9]+$ ]] && ((${leads:-0} > 0)) && [[ -z $replace ]]; then
    refuse "The database is not empty: it holds $leads leads. To replace them with the backup, run: make restore FILE=… KEY=… REPLACE=1."
  fi
fi
if [[ $yes != 1 ]]; then
  [[ -t 0 ]] || { echo "Not confirmed: standard input is not a terminal, so run it again with YES=1." >&2; exit 1; }
  read -r -p "Restore $file${key:+ and the settings it carries} into the container stack${replace:+, replacing what its database holds}? [y/N] " answer
  [[ $answer =~ ^[Yy](es)?$ ]] || { echo "Nothing was changed."; exit 1; }
fi

# --- A copy to restore from, which holds the backups meanwhile -----------------------------------
mkdir -p backups
stage=$(realpath backups)/restoring
if [[ -d $stage && -n $(find "$stage" -maxdepth 0 -mmin -360) ]]; then
  refuse "Another restore is running (backups/restoring/ is there); if none is, remove that folder."
fi
rm -rf "$stage"
(umask 077 && mkdir "$stage")
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
  work=$(umask 077 && mktemp -d)
  on_exit 'rm -rf "$work"'
  $compose build -q backup >/dev/null
  if ! $compose run --rm --no-deps -T --user "$(id -u):$(id -g)" -v "$(realpath "$key"):/run/backup-key:ro" \
    -v "$work:/run/restore" --entrypoint age backup \
    --decrypt --identity /run/backup-key --output /run/restore/settings.tar "$in_stage.secrets" 2>"$work/age.err"; then
    refuse "$key does not open $shown.secrets ($(tr -d '\r' <"$work/age.err" | grep -m 1 '^age' || echo 'see above'))."
  fi
  # Only .env and regular files and folders under tls/: no link, no path outside.
  entries=$(tar -tvf "$work/settings.tar") || refuse "$shown.secrets holds no settings archive."
  odd=$(awk '$1 !~ /^[-d]/ { print $NF }' <<<"$entries"
    tar -tf "$work/settings.tar" | sed 's|^\./||' | grep -Ev '^(\.env|tls/?|tls/[^/]+(/[^/]+)*/?)$|(^|/)\.\.(/|$)' || true)
  [[ -z $odd ]] || refuse "Refused $file: its settings archive holds what a backup never does: $(xargs <<<"$odd")."
  mkdir "$work/restored"
  tar -xf "$work/settings.tar" -C "$work/restored" --no-same-owner
  restored_env=$work/restored/.env
  [[ -f $restored_env ]] || refuse "Refused $file: its settings archive has no .env."
  # Every line a setting of this release's, a comment or blank; COMPOSE_* are never a backup's.
  known=$(infra/compose/known-settings.sh)
  refused=$(grep -Ev '^[[:space:]]*(#.*)?$' "$restored_env" | while IFS= read -r line; do
    if [[ $line =~ ^([A-Za-z_][A-Za-z0-9_]*)= ]]; then
      grep -qxF "${BASH_REMATCH[1]}" <<<"$known" || echo "${BASH_REMATCH[1]}"
    else
      echo "a line that is not NAME=value"
    fi
  done | sort -u | xargs)
  [[ -z $refused ]] || refuse "Refused $file: its settings name what a restore never applies: $refused (COMPOSE_* choose this machine's containers; the rest are no settings of this release)."

  machine='^(POSTGRES_USER|POSTGRES_PASSWORD|POSTGRES_DB|COMPOSE_[A-Z_]*)='
  before_recipient=$(sed -n 's/^BACKUP_RECIPIENT=//p' .env)
  before_signing=$(sed -n 's/^BACKUP_SIGNING_KEY=//p' .env)
  cp -p .env .env.before-restore
  {
    grep -Ev "$machine" "$restored_env" || true
    if grep -Eq "$machine" .env; then
      printf '\n# Kept from this machine by make restore: its database volume and containers were made with them.\n'
      grep -E "$machine" .env
    fi
  } >"$work/env"
  settings() { grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$1" | sort; }
  # (diff answers 1 when the files differ, which is the point here.)
  changed=$({ diff <(settings .env.before-restore) <(settings "$work/env") || true; } |
    sed -n 's/^[<>] \([A-Za-z0-9_]*\)=.*/\1/p' | sort -u | xargs)
  cat "$work/env" >.env
  echo "Settings put back from the backup: ${changed:-none differed} (this machine's .env before: .env.before-restore)."
  # The keys make up made here before the restore open and sign nothing that matters now: backups
  # are encrypted to the restored BACKUP_RECIPIENT again, whose key is KEY, and signed with the
  # restored BACKUP_SIGNING_KEY, which is the one beside it.
  after_recipient=$(sed -n 's/^BACKUP_RECIPIENT=//p' .env)
  if [[ -s backup-key.txt && $after_recipient != "$before_recipient" ]] &&
    [[ $($compose run --rm --no-deps -T --entrypoint age-keygen backup -y <backup-key.txt | tr -d '\r') == "$before_recipient" ]]; then
    rm backup-key.txt
    echo "Removed backup-key.txt: make up made it here for a BACKUP_RECIPIENT the restored settings replace; $key opens the backups again."
  fi
  if [[ -s backup-signing-key.txt && $(sed -n 's/^BACKUP_SIGNING_KEY=//p' .env) != "$before_signing" ]] &&
    [[ $(head -n 1 backup-signing-key.txt) == "$before_signing" ]]; then
    rm backup-signing-key.txt
    echo "Removed backup-signing-key.txt: make up made it here for a BACKUP_SIGNING_KEY the restored settings replace; $signing signs the backups again."
  fi
  if [[ -d $work/restored/tls ]]; then
    mkdir -p tls
    while IFS= read -r -d '' name; do
      name=${name#"$work/restored/"}
      if [[ ! -e $name ]]; then
        mkdir -p "$(dirname "$name")"
        cp -p "$work/restored/$name" "$name"
        echo "Put back $name."
      elif ! cmp -s "$work/restored/$name" "$name"; then
        echo "Kept this machine's $name (the backup's differs)."
      fi
    done < <(find "$work/restored/tls" -type f -print0)
  fi
  # Started, or started again, with what was put back (the backups held: backups/restoring/).
  make --no-print-directory up
fi

# --- The database ----------------------------------------------------------------------------
if [[ -z $($compose ps -q backup 2>/dev/null) ]]; then
  echo "The container stack is not running: start it with make up, then restore." >&2
  exit 1
fi
$compose stop contact-service
status=0
$compose exec -T backup bash /backup/restore.sh "$in_stage.dump" ${replace:+replace} || status=$?
$compose start contact-service
infra/compose/wait-healthy.sh $compose >/dev/null
if ((status == 0)) && [[ -z $key && -f $secrets ]]; then
  echo "The backup's settings were not put back: that is right on the machine that made it. On a new machine, run it again with KEY=<backup-key.txt> REPLACE=1, or no operator's second factor works (docs/backups.md, \"On a new machine\")."
fi
exit $status
