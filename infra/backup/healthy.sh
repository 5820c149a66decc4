#!/usr/bin/env bash
# The backup container's health check: the database answers, and the last backup, if one was
# attempted since the container started, succeeded.
pg_isready -q || exit 1
! grep -q '^failed' /tmp/backup-status 2>/dev/null
