#!/usr/bin/env bash
# `make restore FILE=backups/… [KEY=…] [REPLACE=1] [YES=1]`: puts a backup back into the container
# stack's database. Asks first (YES=1 answers for a script); a database that holds leads is
# replaced only with REPLACE=1. The contact-service is stopped meanwhile, so nothing writes during
# the restore, and started again afterwards.
#
# With KEY (the private key of the BACKUP_RECIPIENT the backup was made with, backup-key.txt), the
# settings and TLS files the backup carries are put back first, and the stack started with them:
# on a new machine, that is what makes the operators' second factors work again (CONSOLE_SECRET_KEY
# sealed them). What stays as this machine has it: the database volume's own settings
# (POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_DB, COMPOSE_PROJECT_NAME) and any TLS file it has.
set -euo pipefail
compose=$1 file=${2:-} replace=${3:-} yes=${4:-} key=${5:-}
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
if [[ -z $file ]]; then
  echo "Which backup? make restore FILE=backups/latest.dump (the newest), or one of:" >&2
  find backups -name '*.dump' -type f 2>/dev/null | sort | tail -n 10 | sed 's/^/  /' >&2
  exit 2
fi
path=$(realpath -m "$file")
[[ $path == "$PWD/backups/"* ]] || { echo "FILE must be in backups/ (the folder the backup container sees), not $file." >&2; exit 2; }
[[ -f $path ]] || { echo "There is no backup at $file." >&2; exit 2; }
secrets=${path%.dump}.secrets
if [[ -n $key ]]; then
  [[ -f $key ]] || { echo "There is no key at $key (KEY is the file make up wrote as backup-key.txt)." >&2; exit 2; }
  [[ -f $secrets ]] || {
    echo "$file carries no settings (no ${secrets#"$PWD/"} beside it): restore it without KEY, and set CONSOLE_SECRET_KEY in .env to the old machine's by hand." >&2
    exit 2
  }
fi
if [[ $yes != 1 ]]; then
  [[ -t 0 ]] || { echo "Not confirmed: standard input is not a terminal, so run it again with YES=1." >&2; exit 1; }
  read -r -p "Restore $file${key:+ and the settings it carries} into the container stack${replace:+, replacing what its database holds}? [y/N] " answer
  [[ $answer =~ ^[Yy](es)?$ ]] || { echo "Nothing was changed."; exit 1; }
fi

# --- The settings and TLS files, with KEY ----------------------------------------------------
if [[ -n $key ]]; then
  # A database that holds leads is replaced only with REPLACE=1: asked before .env changes, so a
  # refusal leaves everything as it was.
  leads=$($compose exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -XAtc "SELECT count(*) FROM contact_submissions"' 2>/dev/null | tr -d '\r' || true)
  if [[ ${leads:-0} =~ ^[0-9]+$ ]] && ((${leads:-0} > 0)) && [[ -z $replace ]]; then
    echo "The database is not empty: it holds $leads leads. Nothing was changed. To replace them with the backup, run: make restore FILE=… KEY=… REPLACE=1" >&2
    exit 1
  fi
  work=$(mktemp -d)
  on_exit 'rm -rf "$work"'
  $compose build -q backup >/dev/null
  if ! $compose run --rm --no-deps -T -v "$(realpath "$key"):/run/backup-key:ro" --entrypoint age \
    backup --decrypt --identity /run/backup-key "/backups/${secrets#"$PWD/backups/"}" >"$work/settings.tar" 2>"$work/age.err"; then
    echo "$key does not open ${secrets#"$PWD/"} ($(tr -d '\r' <"$work/age.err" | grep -m 1 '^age' || echo 'see above')). Nothing was changed." >&2
    exit 1
  fi
  mkdir "$work/restored"
  tar -xf "$work/settings.tar" -C "$work/restored"
  machine='^(POSTGRES_USER|POSTGRES_PASSWORD|POSTGRES_DB|COMPOSE_PROJECT_NAME)='
  before_recipient=$(sed -n 's/^BACKUP_RECIPIENT=//p' .env)
  cp -p .env .env.before-restore
  {
    grep -Ev "$machine" "$work/restored/.env" || true
    if grep -Eq "$machine" .env; then
      printf '\n# Kept from this machine by make restore: its database volume was made with them.\n'
      grep -E "$machine" .env
    fi
  } >"$work/env"
  settings() { grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$1" | sort; }
  # (diff answers 1 when the files differ, which is the point here.)
  changed=$({ diff <(settings .env.before-restore) <(settings "$work/env") || true; } |
    sed -n 's/^[<>] \([A-Za-z0-9_]*\)=.*/\1/p' | sort -u | xargs)
  cat "$work/env" >.env
  echo "Settings put back from the backup: ${changed:-none differed} (this machine's .env before: .env.before-restore)."
  # The backup key make up made here before the restore opens nothing that matters now: backups
  # are encrypted to the restored BACKUP_RECIPIENT again, whose key is KEY.
  after_recipient=$(sed -n 's/^BACKUP_RECIPIENT=//p' .env)
  if [[ -s backup-key.txt && $after_recipient != "$before_recipient" ]] &&
    [[ $($compose run --rm --no-deps -T --entrypoint age-keygen backup -y <backup-key.txt | tr -d '\r') == "$before_recipient" ]]; then
    rm backup-key.txt
    echo "Removed backup-key.txt: make up made it here for a BACKUP_RECIPIENT the restored settings replace; $key opens the backups again."
  fi
  if [[ -d $work/restored/tls ]]; then
    mkdir -p tls
    while IFS= read -r -d '' name; do
      name=${name#"$work/restored/"}
      if [[ ! -e $name ]]; then
        cp -p "$work/restored/$name" "$name"
        echo "Put back $name."
      elif ! cmp -s "$work/restored/$name" "$name"; then
        echo "Kept this machine's $name (the backup's differs)."
      fi
    done < <(find "$work/restored/tls" -type f -print0)
  fi
  # Started, or started again, with what was put back.
  make --no-print-directory up
fi

# --- The database ----------------------------------------------------------------------------
if [[ -z $($compose ps -q backup 2>/dev/null) ]]; then
  echo "The container stack is not running: start it with make up, then restore." >&2
  exit 1
fi
$compose stop contact-service
status=0
$compose exec -T backup bash /backup/restore.sh "/backups/${path#"$PWD/backups/"}" ${replace:+replace} || status=$?
$compose start contact-service
infra/compose/wait-healthy.sh $compose >/dev/null
if ((status == 0)) && [[ -z $key && -f $secrets ]]; then
  echo "The backup's settings were not put back: that is right on the machine that made it. On a new machine, run it again with KEY=<backup-key.txt> REPLACE=1, or no operator's second factor works (docs/backups.md, \"On a new machine\")."
fi
exit $status
