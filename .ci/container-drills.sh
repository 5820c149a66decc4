# shellcheck shell=bash
# The container stage's tracks beside the main stack (sourced by .ci/container-stack.sh, which
# calls start_drills once its daemon runs inside the network namespace, join_drills before the
# replicas' burst and join_bundle at its end). Each proves what it did before, on a stack of its
# own, so that their waits overlap the main stack's:
#   the drills   the upgrade drill (.ci/container-upgrade.sh), then the restore and loss drills
#                (.ci/container-recovery.sh, .ci/container-loss.sh) in the upgrade drill's
#                checkout, by then this release: on the main stack's daemon and images, under
#                compose projects and ports of their own (upgrade-drill, drills; 18080, 18081)
#   the bundle   the release's one file (bundle_file, before the namespace) installed by a
#                daemon on an empty data root, in a network namespace of its own
#                (.ci/container-bundle.sh, run as container-stack.sh --bundle)
# Each track's output goes to its log in $work and is printed when it is joined; its checks are
# summed up in it, and a red track fails the stage.
# shellcheck disable=SC2154,SC2034 # work, root: .ci/container-stack.sh's; the counters and exit commands: infra/shell-lib.sh's

start_drills() {
  drills_log=$work/drills.log
  bundle_log=$work/bundle-track.log
  drills_pid=
  if [[ -d $work/previous ]]; then
    (drills_track) >"$drills_log" 2>&1 &
    drills_pid=$!
    on_exit "kill $drills_pid 2>/dev/null || true"
  else
    echo "UPGRADE, RESTORE AND LOSS DRILLS SKIPPED: no previous release was built (see above)" >"$drills_log"
  fi
  echo "  the upgrade, restore and loss drills run beside this stack (pid ${drills_pid:-none}; log: $drills_log)"
  unshare --net --fork bash "$root/.ci/container-stack.sh" --bundle >"$bundle_log" 2>&1 &
  bundle_pid=$!
  on_exit "kill $bundle_pid 2>/dev/null || true"
  echo "  the bundle's install runs beside it, in a namespace of its own (pid $bundle_pid; log: $bundle_log)"
}

join_track() { # NAME PID LOG: waits for a track, prints its output, checks it passed
  local status=0
  step "$1: their output, as they ran beside the main stack"
  [[ -z $2 ]] || wait "$2" || status=$?
  sed 's/^/  | /' "$3"
  check "$1 passed (exit status $status)" is "$status" 0
}
join_drills() { join_track "The upgrade, restore and loss drills" "$drills_pid" "$drills_log"; }
join_bundle() { join_track "The release installed from its bundle" "$bundle_pid" "$bundle_log"; }

# The upgrade drill, then on its checkout (this release after it) a stack as the main one is
# configured, on which the restore and loss drills run. In a subshell of the main script: its
# helpers, none of its exit commands, checks of its own.
drills_track() {
  shell_lib_on_exit=()
  trap - EXIT
  passed=0
  failed=0
  upgrade_drill
  step "The restore and loss drills' stack: this release, configured as the main one, its own project"
  cd "$work/previous" || return 1
  docker-compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  rm -rf backups tls .env.before-restore backup-rclone.conf
  cp "$work/drills.env" .env
  chmod 600 .env
  site=http://127.0.0.1:$(sed -n 's/^WEB_PORT=//p' .env)
  if ! make --no-print-directory up >"$work/drills-up.log" 2>&1; then
    tail -n 30 "$work/drills-up.log"
    return 1
  fi
  local id
  id=$(submit '{"name":"Drill Check","email":"drill@example.com","company":"CI","role":"Operator"}')
  check "a POST answers 201 with an id" test -n "$id"
  # shellcheck disable=SC2317 # called by within
  delivered() { [[ $(sql "SELECT count(*) FROM notifications WHERE status <> 'sent'") == 0 ]]; }
  check "and its mail is sent, so that the deliveries no longer change" within 60 delivered
  source "$root/.ci/container-recovery.sh"
  source "$root/.ci/container-loss.sh"
  docker-compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  cd "$root" || return 1
  git worktree remove --force "$work/previous" 2>/dev/null || true
  checks_summary
}

# The release as one file (make bundle), from the images the build daemon holds, before the
# namespace: .artifacts/bundle/proposal-site-<version>.tar, which the bundle's track installs.
bundle_file() {
  local started
  step "The release's one file: make bundle"
  started=$(date +%s)
  if make --no-print-directory bundle >"$work/bundle.log" 2>&1; then bundled=yes; else bundled=no; fi
  tail -n 3 "$work/bundle.log"
  check "make bundle wrote the release's one file ($(($(date +%s) - started)) s)" \
    test "$bundled" = yes -a -s ".artifacts/bundle/proposal-site-$(infra/compose/version.sh checkout).tar"
}
