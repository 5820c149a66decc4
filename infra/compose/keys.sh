#!/usr/bin/env bash
# `make up`: gives .env the two keys the stack needs when it has none (or an empty one), so a
# fresh clone's `make up` works; a key the operator set is never touched, and none is printed.
# - CONSOLE_SECRET_KEY (32 random bytes, base64) seals the operators' second factors.
# - BACKUP_RECIPIENT, an age public key: every backup's settings and TLS files are encrypted to
#   it. Its private key is written to backup-key.txt, for the operator to move off this machine:
#   a restore on another machine needs it (docs/backups.md).
# - POSTGRES_SERVICE_PASSWORD, the password of the contact-service's own database role
#   (service-role.sh), for a .env made before release 1.2.0.
# - BACKUP_SIGNING_KEY (32 random bytes, hex) signs every backup (infra/backup/signature.sh); it
#   is written to backup-signing-key.txt as well, to be kept with backup-key.txt: a restore on
#   another machine checks the backup with it.
# Keys are written 0600 and never pass through a container's output (Docker's log driver keeps
# that): age-keygen writes into a private folder mounted for it.
# Usage: keys.sh ENV_FILE <compose command...>
set -euo pipefail
env_file=$1
shift
compose=("$@")
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
identity=backup-key.txt
signing=backup-signing-key.txt

set_setting() { # NAME VALUE WHY: replaces an empty NAME= line, or appends the setting
  if grep -q "^$1=" "$env_file"; then
    sed -i "s|^$1=.*|$1=$2|" "$env_file"
  else
    printf '\n# %s\n%s=%s\n' "$3" "$1" "$2" >>"$env_file"
  fi
}

# First: the compose file, which the backup key below is made with, does not parse without it.
if ! grep -Eq '^POSTGRES_SERVICE_PASSWORD=.+' "$env_file"; then
  set_setting POSTGRES_SERVICE_PASSWORD "$(random_hex 24)" \
    'Made by make up: the contact-service connects as contact_service with it (docs/configuration.md).'
  echo "Put a POSTGRES_SERVICE_PASSWORD into $env_file (the contact-service's own database role)"
fi

if ! grep -Eq '^CONSOLE_SECRET_KEY=.+' "$env_file"; then
  set_setting CONSOLE_SECRET_KEY "$(new_secret_key)" \
    'Made by make up (docs/configuration.md, CONSOLE_SECRET_KEY).'
  echo "Put a new CONSOLE_SECRET_KEY into $env_file (it seals the operators' second factors; every backup carries it, encrypted)"
fi

if ! grep -Eq '^BACKUP_RECIPIENT=.+' "$env_file"; then
  # age-keygen from the backup image, so this machine needs nothing but Docker; as whoever runs
  # make, into a folder only they can read.
  # (Built only when missing: from a bundle, it is there and nothing may be built.)
  source infra/compose/images.sh
  docker image inspect "$(project_images | awk '$1 == "backup" { print $2 }')" >/dev/null 2>&1 ||
    "${compose[@]}" build -q backup >/dev/null
  keygen() { "${compose[@]}" run --rm --no-deps -T --user "$(id -u):$(id -g)" -v "$made:/run/keys" \
    --entrypoint age-keygen backup "$@"; }
  made=$(umask 077 && mktemp -d)
  # shellcheck disable=SC2016 # expanded when the exit trap runs
  on_exit 'rm -rf "$made"'
  if [[ -s $identity ]]; then
    recipient=$(keygen -y <"$identity" | tr -d '\r')
  else
    keygen -o /run/keys/identity 2>/dev/null
    recipient=$(keygen -y /run/keys/identity | tr -d '\r')
    (umask 077 && cp "$made/identity" "$identity.partial")
    mv "$identity.partial" "$identity"
    printf '%s\n' \
      "Made a backup key: backups are encrypted to BACKUP_RECIPIENT in $env_file, and $identity opens them." \
      "MOVE $identity OFF THIS MACHINE NOW (a password manager, a safe): a restore on a new machine needs it," \
      'and a copy kept here is lost with the machine (docs/backups.md).'
  fi
  set_setting BACKUP_RECIPIENT "$recipient" \
    'Made by make up: backups are encrypted to it (docs/backups.md).'
fi

if ! grep -Eq '^BACKUP_SIGNING_KEY=.+' "$env_file"; then
  if [[ ! -s $signing ]]; then
    (umask 077 && random_hex 32 >"$signing.partial" && echo >>"$signing.partial")
    mv "$signing.partial" "$signing"
    printf '%s\n' \
      "Made a backup signing key: every backup is signed with BACKUP_SIGNING_KEY in $env_file, and $signing holds it too." \
      "MOVE $signing OFF THIS MACHINE NOW, beside $identity: a restore on a new machine checks the backup with it" \
      '(docs/backups.md, "Signed backups").'
  fi
  set_setting BACKUP_SIGNING_KEY "$(head -n 1 "$signing")" \
    'Made by make up: every backup is signed with it (docs/backups.md).'
fi
