# shellcheck shell=bash
# What the container stage's two tracks share (sourced by .ci/container-stack.sh, the main
# track, and by .ci/container-drills.sh, the drills beside it): their Docker daemons and the
# helpers that speak to the stack of the folder they run in. Each track has a daemon of its own,
# in a network namespace of its own, with its socket, exec root, pid file and log under $daemon
# and its images in $data_root.
work=${CI_DOCKER_WORK:-/var/tmp/proposal-site-ci}
daemon=${daemon:-$work}
data_root=${data_root:-$work/data}
export DOCKER_HOST=unix://$daemon/docker.sock
mkdir -p "$work" "$daemon"

start_daemon() { # extra dockerd flags
  rm -f "$daemon/docker.sock"
  dockerd --data-root "$data_root" --exec-root "$daemon/exec" --pidfile "$daemon/dockerd.pid" \
    --host "$DOCKER_HOST" "$@" >>"$daemon/dockerd.log" 2>&1 &
  within 30 docker info >/dev/null 2>&1 && return 0
  echo "dockerd did not start; see $daemon/dockerd.log" >&2
  tail -n 20 "$daemon/dockerd.log" >&2
  return 1
}
stop_daemon() {
  [[ -f $daemon/dockerd.pid ]] || return 0
  stop_pid "$(cat "$daemon/dockerd.pid")" 20
  rm -f "$daemon/dockerd.pid"
}

# The stack of the folder the caller is in (its .env, its compose project).
site_of_env() { echo "http://127.0.0.1:$(sed -n 's/^WEB_PORT=//p' .env)"; }
status() { curl -s -o /dev/null -w '%{http_code}' "$site$1"; }
is() { [[ $1 == "$2" ]]; }
# shellcheck disable=SC2016 # expanded by the container's shell
sql() { docker-compose exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -Atc "$0"' "$1"; }
submit() { # JSON body -> prints the id of the stored submission (empty when none came back)
  curl -s -X POST "$site/api/contact" -H 'Content-Type: application/json' --data "$1" |
    sed -n 's/.*"id":"\([0-9a-f-]*\)".*/\1/p'
}
# docker exec can lose a short-lived command's output (moby/moby#27289): an empty answer is asked
# again, and said so; any other answer is what is checked, and printed when the check fails.
leads_says() { # leads arguments -> the command's output
  local out
  for _ in 1 2 3; do
    out=$(make --no-print-directory leads ARGS="$*" 2>&1) || true
    [[ -n $out ]] && break
    echo "  (make leads $* printed nothing; asking again)" >&2
  done
  printf '%s\n' "$out"
}
# Every column of every table that holds leads, their deliveries and the audit trail.
snapshot() {
  for table in contact_submissions notifications audit_log; do
    sql "SELECT row_to_json(t)::text FROM $table t ORDER BY 1"
  done
}
