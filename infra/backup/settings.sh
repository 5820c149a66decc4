# shellcheck shell=bash
# The backup settings (.env.example), checked once for backup.sh and schedule.sh: a bad value
# stops with one line that names it. Sourced, not run.
whole() { # NAME DEFAULT UNIT
  local value=${!1:-$2}
  [[ $value =~ ^[0-9]+$ ]] || {
    echo "$1 must be a whole number of $3 (got \"$value\")" >&2
    exit 1
  }
  echo "$value"
}
# shellcheck disable=SC2034 # read by the scripts that source this file
keep_days=$(whole BACKUP_KEEP_DAYS 7 days)
# shellcheck disable=SC2034 # read by the scripts that source this file
keep_weeks=$(whole BACKUP_KEEP_WEEKS 4 weeks)
# shellcheck disable=SC2034 # read by the scripts that source this file
keep_months=$(whole BACKUP_KEEP_MONTHS 6 months)
backup_at=${BACKUP_AT:-02:30}
[[ $backup_at =~ ^([01][0-9]|2[0-3]):[0-5][0-9]$ ]] ||
  {
    echo "BACKUP_AT must be a time of day such as 02:30 (UTC) (got \"$backup_at\")" >&2
    exit 1
  }
backup_on_start=${BACKUP_ON_START:-true}
[[ $backup_on_start == true || $backup_on_start == false ]] ||
  {
    echo "BACKUP_ON_START must be true or false (got \"$backup_on_start\")" >&2
    exit 1
  }
# The age public key the backups' settings and TLS files are encrypted to; its private key is
# kept away from this machine (docs/backups.md).
recipient=${BACKUP_RECIPIENT:-}
[[ $recipient =~ ^age1[02-9ac-hj-np-z]{58}$ ]] ||
  {
    echo "BACKUP_RECIPIENT must be an age public key (age1…, as make up writes into .env) (got \"$recipient\")" >&2
    exit 1
  }
# The key of the backups' signatures (signature.sh), 32 bytes in hex, as make up writes it.
signing_key=${BACKUP_SIGNING_KEY:-}
[[ $signing_key =~ ^[0-9a-f]{64}$ ]] ||
  {
    echo "BACKUP_SIGNING_KEY must be 64 hex digits, as make up writes into .env (it is not shown here)" >&2
    exit 1
  }
# Off-site copies (ship.sh): an rclone remote, such as offsite:proposal-site with the remote
# `offsite` in backup-rclone.conf, or a connection string (:sftp,host=…:path). Empty: none.
remote=${BACKUP_REMOTE:-}
[[ -z $remote || $remote == *:* ]] ||
  {
    echo "BACKUP_REMOTE must be an rclone remote such as offsite:proposal-site (got \"$remote\")" >&2
    exit 1
  }
ship_seconds=${BACKUP_SHIP_SECONDS:-15}
# shellcheck disable=SC2015 # the message when either test fails
[[ $ship_seconds =~ ^[0-9]+$ ]] && ((ship_seconds >= 5 && ship_seconds <= 3600)) ||
  {
    echo "BACKUP_SHIP_SECONDS must be a whole number of seconds from 5 to 3600 (got \"$ship_seconds\")" >&2
    exit 1
  }
