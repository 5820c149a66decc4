#!/usr/bin/env bash
# Brings the off-site copy (ship.sh) back into backups/ on a new machine, for `make recover
# REMOTE=… KEY=…` (infra/compose/recover.sh), run in a one-off backup container as the backup
# container's user, with the backup key mounted at /run/backup-key: every file from BACKUP_REMOTE,
# then each <name>.age opened with the key into <name> (the WAL's <name>.gz.age uncompressed too).
# What backups/ already holds is kept. Prints when the old machine last reached the remote (its
# heartbeat).
set -euo pipefail
umask 077
source "$(dirname "$0")/rclone.sh"
remote=${BACKUP_REMOTE:?the remote to fetch from}
rclone copy --exclude heartbeat "$remote" /backups
opened=0
while IFS= read -r -d '' file; do
  # The WAL was compressed before it was encrypted (ship.sh); a base backup's own .tar.gz was not.
  if [[ $file == /backups/wal/*.gz.age && ! -e ${file%.gz.age} ]]; then
    age --decrypt --identity /run/backup-key "$file" | gunzip >"${file%.gz.age}.partial-fetch"
    mv "${file%.gz.age}.partial-fetch" "${file%.gz.age}"
  elif [[ $file != /backups/wal/* && ! -e ${file%.age} ]]; then
    age --decrypt --identity /run/backup-key --output "${file%.age}" "$file"
  fi
  rm "$file"
  opened=$((opened + 1))
done < <(find /backups -name '*.age' -type f -print0)
echo "Fetched the off-site copy: $opened files opened with the key."
rclone cat "$remote/heartbeat" 2>/dev/null | head -n 1 | sed 's/^/heartbeat /' || true
