# shellcheck shell=bash
# rclone's configuration for ship.sh and fetch.sh: backup-rclone.conf beside .env (RCLONE_CONFIG,
# docker-compose.yml). rclone may write it back (a token refreshed, an SFTP server's shell found
# out), and the checkout is mounted read-only, so it works on a private copy. Sourced, not run.
if [[ -f ${RCLONE_CONFIG:-} && $RCLONE_CONFIG != /tmp/* ]]; then
  mkdir -p /tmp/rclone
  cp "$RCLONE_CONFIG" /tmp/rclone/rclone.conf
  export RCLONE_CONFIG=/tmp/rclone/rclone.conf
fi
