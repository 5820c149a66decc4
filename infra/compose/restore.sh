#!/usr/bin/env bash
# `make restore FILE=backups/… [REPLACE=1] [YES=1]`: puts a backup back into the container
# stack's database. Asks first (YES=1 answers for a script); a database that holds leads is
# replaced only with REPLACE=1. The contact-service is stopped meanwhile, so nothing writes
# during the restore, and started again afterwards.
set -euo pipefail
compose=$1 file=${2:-} replace=${3:-} yes=${4:-}
cd "$(dirname "$0")/../.."
if [[ -z $file ]]; then
  echo "Which backup? make restore FILE=backups/latest.dump (the newest), or one of:" >&2
  find backups -name '*.dump' -type f 2>/dev/null | sort | tail -n 10 | sed 's/^/  /' >&2
  exit 2
fi
path=$(realpath -m "$file")
[[ $path == "$PWD/backups/"* ]] || { echo "FILE must be in backups/ (the folder the backup container sees), not $file." >&2; exit 2; }
[[ -f $path ]] || { echo "There is no backup at $file." >&2; exit 2; }
if [[ $yes != 1 ]]; then
  [[ -t 0 ]] || { echo "Not confirmed: standard input is not a terminal, so run it again with YES=1." >&2; exit 1; }
  read -r -p "Restore $file into the container stack's database${replace:+, replacing what it holds}? [y/N] " answer
  [[ $answer =~ ^[Yy](es)?$ ]] || { echo "Nothing was changed."; exit 1; }
fi
$compose stop contact-service
status=0
$compose exec -T backup bash /backup/restore.sh "/backups/${path#"$PWD/backups/"}" ${replace:+replace} || status=$?
$compose start contact-service
infra/compose/wait-healthy.sh $compose >/dev/null
exit $status
