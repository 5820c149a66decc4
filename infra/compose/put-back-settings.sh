#!/usr/bin/env bash
# Puts back the settings and TLS files a backup carries (its .secrets), for `make restore KEY=…`
# and `make recover KEY=…` on a new machine: docs/backups.md, "On a new machine". The backup's
# signature was checked before (signature.sh). Usage:
#   put-back-settings.sh COMPOSE SECRETS KEY NAME-TO-SHOW [recover]
# - age opens the .secrets (on its standard input) with KEY as whoever runs make, into a private
#   folder: neither the key nor a setting passes through a container's output (which Docker's log
#   driver keeps);
# - the archive may hold only .env and regular files and folders under tls/ (no link, no path
#   outside), and .env only settings this release has (known-settings.sh): never a COMPOSE_*
#   setting, which chooses the containers, nor an unknown one. Otherwise one line names what was
#   refused, and nothing is changed (exit 2);
# - of .env, this machine's COMPOSE_* settings stay (its containers were made with them), and for
#   a restore its POSTGRES_USER, POSTGRES_PASSWORD, POSTGRES_SERVICE_PASSWORD and POSTGRES_DB (its database volume was made
#   with them; `recover` takes the backup's: the cluster it recovers was); the .env replaced is kept as
#   .env.before-restore, and the names of the settings that changed are printed, never a value;
# - keys that make up made here for settings now replaced are removed; of tls/, a file this
#   machine has is kept.
set -euo pipefail
read -ra compose <<<"$1"
secrets=$2 key=$3 shown=$4 mode=${5:-restore}
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
work=$(umask 077 && mktemp -d)
# shellcheck disable=SC2016 # expanded when the exit trap runs
on_exit 'rm -rf "$work"'
quietly "${compose[@]}" build -q backup
if ! "${compose[@]}" run --rm --no-deps -T --user "$(id -u):$(id -g)" -v "$(realpath "$key"):/run/backup-key:ro" \
  -v "$work:/run/restore" --entrypoint age backup \
  --decrypt --identity /run/backup-key --output /run/restore/settings.tar <"$secrets" 2>"$work/age.err"; then
  refuse "$key does not open the settings of $shown ($(tr -d '\r' <"$work/age.err" | grep -m 1 '^age' || echo 'see above'))."
fi
entries=$(tar -tvf "$work/settings.tar" 2>/dev/null) || refuse "Refused $shown: its .secrets holds no settings archive."
odd=$(
  awk '$1 !~ /^[-d]/ { print $NF }' <<<"$entries"
  tar -tf "$work/settings.tar" | sed 's|^\./||' | grep -Ev '^(\.env|tls/?|tls/[^/]+(/[^/]+)*/?)$|(^|/)\.\.(/|$)' || true
)
[[ -z $odd ]] || refuse "Refused $shown: its settings archive holds what a backup never does: $(xargs <<<"$odd")."
mkdir "$work/restored"
tar -xf "$work/settings.tar" -C "$work/restored" --no-same-owner
restored_env=$work/restored/.env
[[ -f $restored_env ]] || refuse "Refused $shown: its settings archive has no .env."
known=$(infra/compose/known-settings.sh)
refused=$(grep -Ev '^[[:space:]]*(#.*)?$' "$restored_env" | while IFS= read -r line; do
  if [[ $line =~ ^([A-Za-z_][A-Za-z0-9_]*)= ]]; then
    grep -qxF "${BASH_REMATCH[1]}" <<<"$known" || echo "${BASH_REMATCH[1]}"
  else
    echo "a line that is not NAME=value"
  fi
done | sort -u | xargs)
[[ -z $refused ]] || refuse "Refused $shown: its settings name what a restore never applies: $refused (COMPOSE_* choose this machine's containers; the rest are no settings of this release)."

setting() { sed -n "s/^$1=//p" "${2:-.env}" | tail -n 1; }
machine='^(POSTGRES_USER|POSTGRES_PASSWORD|POSTGRES_SERVICE_PASSWORD|POSTGRES_DB|COMPOSE_[A-Z_]*)='
[[ $mode == recover ]] && machine='^COMPOSE_[A-Z_]*='
before_recipient=$(setting BACKUP_RECIPIENT)
before_signing=$(setting BACKUP_SIGNING_KEY)
cp -p .env .env.before-restore
{
  grep -Ev "$machine" "$restored_env" || true
  if grep -Eq "$machine" .env; then
    printf '\n# Kept from this machine by make %s: what its containers or database were made with.\n' "$mode"
    grep -E "$machine" .env
  fi
} >"$work/env"
settings() { grep -E '^[A-Za-z_][A-Za-z0-9_]*=' "$1" | sort; }
# (diff answers 1 when the files differ, which is the point here.)
changed=$({ diff <(settings .env.before-restore) <(settings "$work/env") || true; } |
  sed -n 's/^[<>] \([A-Za-z0-9_]*\)=.*/\1/p' | sort -u | xargs)
cat "$work/env" >.env
echo "Settings put back from the backup: ${changed:-none differed} (this machine's .env before: .env.before-restore)."
# The keys make up made here before open and sign nothing that matters now: backups are encrypted
# to the restored BACKUP_RECIPIENT again, whose key is KEY, and signed with the restored
# BACKUP_SIGNING_KEY, whose file is kept beside it.
if [[ -s backup-key.txt && $(setting BACKUP_RECIPIENT) != "$before_recipient" ]] &&
  [[ $("${compose[@]}" run --rm --no-deps -T --entrypoint age-keygen backup -y <backup-key.txt | tr -d '\r') == "$before_recipient" ]]; then
  rm backup-key.txt
  echo "Removed backup-key.txt: make up made it here for a BACKUP_RECIPIENT the restored settings replace; $key opens the backups again."
fi
if [[ -s backup-signing-key.txt && $(setting BACKUP_SIGNING_KEY) != "$before_signing" ]] &&
  [[ $(head -n 1 backup-signing-key.txt) == "$before_signing" ]]; then
  rm backup-signing-key.txt
  echo "Removed backup-signing-key.txt: make up made it here for a BACKUP_SIGNING_KEY the restored settings replace; the one kept with $key signs the backups again."
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
