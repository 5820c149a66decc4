#!/usr/bin/env bash
# After `make up`: says loudly what would otherwise fail quietly. Usage: warnings.sh <compose...>
# - the site was built with example values (the build lists them in example-config.txt;
#   docs/configuration.md, "The site (build time)");
# - no notification channel is configured: leads are stored, but nobody is told
#   (docs/operating.md, "Notifications");
# - backups/ is on the disk that holds the database's volume (Docker's data root) and no copy
#   leaves the machine (BACKUP_REMOTE): losing that disk loses the database, the streamed WAL and
#   every backup together (docs/backups.md, "Where backups/ lives").
set -uo pipefail
red() { printf '\n\033[1;31m%s\033[0m\n' "$@"; }

names=$("$@" exec -T web sh -c 'cat /srv/web/site/example-config.txt 2>/dev/null || true' | tr -d '\r' | xargs)
if [[ -n $names ]]; then
  red "WARNING: the site was built with EXAMPLE values for: $names" \
    'It shows example addresses to prospects and asks search engines not to index it.' \
    'Set them in .env and run make up again before going live' \
    '(docs/configuration.md, "The site (build time)").'
fi

# shellcheck disable=SC2016 # expanded by the container's shell
if ! "$@" exec -T contact-service sh -c 'test -n "$SMTP_URL$WEBHOOK_URL$SLACK_WEBHOOK_URL$TEAMS_WEBHOOK_URL"'; then
  red 'WARNING: no notification channel is configured: leads are stored, but nobody is notified yet.' \
    'Their emails wait and go out once SMTP_URL, NOTIFY_FROM and NOTIFY_TO are set in .env' \
    '(docs/operating.md, "Notifications"); then run make up again.'
fi
data_root=$(docker info -f '{{.DockerRootDir}}' 2>/dev/null || true)
if [[ -z $(sed -n 's/^BACKUP_REMOTE=//p' .env 2>/dev/null) && -n $data_root && -d $data_root && -d backups ]] &&
  [[ $(stat -L -c %d backups) == "$(stat -c %d "$data_root")" ]]; then
  red "WARNING: backups/ is on the same disk as the database ($data_root): a lost disk loses the database and every backup." \
    'Set BACKUP_REMOTE to copy them off this machine, or make backups/ a link to another disk' \
    '(docs/backups.md, "Where backups/ lives").'
fi
exit 0
