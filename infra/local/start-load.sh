#!/usr/bin/env bash
# `make start` under load (contact-service/bench/start-load.ts): the contact-service started as
# `make start` starts it, on an embedded database of its own that is removed afterwards, so the
# developer's .data/postgres and a running `make start` are left alone.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
data=$PWD/contact-service/.data/load-test
rm -rf "$data" "$data".*
# shellcheck disable=SC2016 # expanded when the exit trap runs
on_exit 'rm -rf "$data" "$data".*'
EMBEDDED_DB_DIR=$data CONTACT_SERVICE_PORT=${LOAD_SERVICE_PORT:-3950} \
  MAILDEV_SMTP_PORT=${LOAD_SMTP_PORT:-1925} MAILDEV_WEB_PORT=${LOAD_INBOX_PORT:-1980} \
  infra/local/with-contact-service.sh node contact-service/dist/bench/start-load.js
