#!/usr/bin/env bash
# What holds leads or secrets is for its owner only: .env, the backup keys, .env.before-restore
# and everything in backups/ (dumps, .secrets, signatures, base backups, WAL) are made 0600, and
# backups/ and its folders 0700. Run by `make up` (so an older install is tightened too) and by
# `make restore` after it copies a backup in. The backup container writes its files so itself
# (umask 077); it runs as BACKUP_USER, whoever runs make, so what it writes is theirs. When make
# runs as root the container does not: it runs as uid 999 (the Makefile), and backups/, .env
# (which it reads to carry it in each backup) and backup-rclone.conf are given to that user. backups/ may be a link to
# another disk or a mount point: what it points at is tightened.
set -euo pipefail
cd "$(dirname "$0")/../.."
owner=${BACKUP_USER:-$(id -u):$(id -g)}
for file in .env backup-key.txt backup-signing-key.txt backup-rclone.conf .env.before-restore; do
  [[ -f $file ]] && chmod 600 "$file"
done
mkdir -p backups
backups=$(realpath backups)
chmod 700 "$backups"
find "$backups" -mindepth 1 -type d ! -perm 700 -exec chmod 700 {} +
find "$backups" -mindepth 1 -type f -perm /077 -exec chmod go= {} +
if (($(id -u) == 0)) && [[ $owner != 0:0 && $owner != 0 ]]; then
  chown "$owner" .env
  [[ ! -f backup-rclone.conf ]] || chown "$owner" backup-rclone.conf
  find "$backups" \( ! -user "${owner%%:*}" -o ! -group "${owner##*:}" \) -exec chown -h "$owner" {} +
fi
