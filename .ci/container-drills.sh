#!/usr/bin/env bash
# The container stage's second track, beside the main one (.ci/container-stack.sh starts it in a
# network namespace of its own once the images are built, and prints its output at the end): a
# Docker daemon of its own, on a copy of the images, and one stack that three drills share, each
# proving what needs a stack to itself. The previous release is upgraded to this one, rolled
# back and upgraded again (.ci/container-upgrade.sh); that stack, at this release with its leads
# and its enrolled operator, is then restored on a new machine (.ci/container-recovery.sh), loses
# its database's disk and then the whole machine (.ci/container-loss.sh). Everything else the
# stack proves, the main track proves on its own stack meanwhile.
set -euo pipefail
cd "$(dirname "$0")/.."
source infra/shell-lib.sh
root=$PWD
work=${CI_DOCKER_WORK:-/var/tmp/proposal-site-ci}
daemon=$work/drills
data_root=$work/data-drills
source .ci/container-lib.sh
source .ci/container-upgrade.sh

ip link set lo up
start_daemon
# On the way out: the stack down, the worktree removed, the daemon stopped, its images deleted.
# shellcheck disable=SC2016 # expanded when the exit trap runs
on_exit 'rm -rf "$data_root"'
on_exit stop_daemon
# shellcheck disable=SC2016 # expanded when the exit trap runs
on_exit '(cd "$work/previous" && docker-compose down --volumes --remove-orphans >/dev/null 2>&1); git -C "$root" worktree remove --force "$work/previous" 2>/dev/null'

upgrade_drill

# The upgraded stack is the machine the restore and loss drills lose: they run in its checkout.
cd "$work/previous"
site=$(site_of_env)
# (The loss drills add the off-site copy's compose file to those .env names.)
grep -q '^COMPOSE_FILE=' .env || echo 'COMPOSE_FILE=docker-compose.yml' >>.env
source "$root/.ci/container-recovery.sh"
source "$root/.ci/container-loss.sh"
checks_summary
