#!/usr/bin/env bash
# `make up`: gives .env the two keys the stack needs when it has none (or an empty one), so a
# fresh clone's `make up` works; a key the operator set is never touched, and none is printed.
# - CONSOLE_SECRET_KEY (32 random bytes, base64) seals the operators' second factors.
# - BACKUP_RECIPIENT, an age public key: every backup's settings and TLS files are encrypted to
#   it. Its private key is written to backup-key.txt, for the operator to move off this machine:
#   a restore on another machine needs it (docs/backups.md).
# Usage: keys.sh ENV_FILE <compose command...>
set -euo pipefail
env_file=$1
shift
compose=("$@")
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
identity=backup-key.txt

set_setting() { # NAME VALUE WHY: replaces an empty NAME= line, or appends the setting
  if grep -q "^$1=" "$env_file"; then
    sed -i "s|^$1=.*|$1=$2|" "$env_file"
  else
    printf '\n# %s\n%s=%s\n' "$3" "$1" "$2" >>"$env_file"
  fi
}

if ! grep -Eq '^CONSOLE_SECRET_KEY=.+' "$env_file"; then
  set_setting CONSOLE_SECRET_KEY "$(new_secret_key)" \
    'Made by make up (docs/configuration.md, CONSOLE_SECRET_KEY).'
  echo "Put a new CONSOLE_SECRET_KEY into $env_file (it seals the operators' second factors; every backup carries it, encrypted)"
fi

if ! grep -Eq '^BACKUP_RECIPIENT=.+' "$env_file"; then
  # age-keygen from the backup image, so this machine needs nothing but Docker.
  "${compose[@]}" build -q backup >/dev/null
  keygen() { "${compose[@]}" run --rm --no-deps -T --entrypoint age-keygen backup "$@"; }
  if [[ -s $identity ]]; then
    recipient=$(keygen -y <"$identity" | tr -d '\r')
  else
    (umask 077 && keygen 2>/dev/null | tr -d '\r' >"$identity.partial")
    recipient=$(keygen -y <"$identity.partial" | tr -d '\r')
    mv "$identity.partial" "$identity"
    printf '%s\n' \
      "Made a backup key: backups are encrypted to BACKUP_RECIPIENT in $env_file, and $identity opens them." \
      "MOVE $identity OFF THIS MACHINE NOW (a password manager, a safe): a restore on a new machine needs it," \
      'and a copy kept here is lost with the machine (docs/backups.md).'
  fi
  set_setting BACKUP_RECIPIENT "$recipient" \
    'Made by make up: backups are encrypted to it (docs/backups.md).'
fi
