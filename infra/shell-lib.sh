# shellcheck shell=bash
# The host-side scripts' shared functions, sourced by those that use them (in .ci/, e2e/scripts/,
# infra/local/, infra/compose/, infra/failover-drill/) and by the Makefile's .env target. Not by
# the scripts that run inside an image (infra/nginx/docker-entrypoint.d/, infra/backup/,
# infra/certificates/, .ci/stand-ins/): this file is not copied into the images. Sourcing it only
# defines functions (and the check counters); nothing runs.

step() { # MESSAGE...: prints a step's heading with the time of day (UTC)
  printf '\n==> %s   [at %s]\n' "$*" "$(date -u +%T)"
}

alive() { # PIDFILE: the process named in PIDFILE runs
  [[ -f $1 ]] && kill -0 "$(cat "$1")" 2>/dev/null
}

within() { # SECONDS COMMAND...: succeeds once COMMAND does (tried every 0.5 s); fails after SECONDS
  local seconds=$1 try
  shift
  for ((try = 0; ; try++)); do
    "$@" && return 0
    ((try < seconds * 2)) || return 1
    sleep 0.5
  done
}

url_ok() { # URL [CURL OPTION...]: URL answers with a success status (curl -f); prints nothing
  curl -fsS -o /dev/null "${@:2}" "$1" 2>/dev/null
}

stop_pid() { # PID [SECONDS]: TERM, up to SECONDS (10) for it to end, then KILL; always succeeds
  local pid=$1 tenths=$((${2:-10} * 10)) i
  kill -TERM "$pid" 2>/dev/null || return 0
  for ((i = 0; i < tenths; i++)); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.1
  done
  kill -KILL "$pid" 2>/dev/null || true
}

# need_commands WHO COMMAND[:PACKAGE]...: when some commands are missing, one line on stderr,
# "WHO needs X Y, not installed: apt-get install P Q" (PACKAGE, else the command's name), and fails.
need_commands() {
  local who=$1 entry missing=() packages=()
  shift
  for entry in "$@"; do
    command -v "${entry%%:*}" >/dev/null 2>&1 && continue
    missing+=("${entry%%:*}")
    packages+=("${entry#*:}")
  done
  ((${#missing[@]})) || return 0
  echo "$who needs ${missing[*]}, not installed: apt-get install ${packages[*]}" >&2
  return 1
}

apt_ensure() { # PACKAGE...: installs, quietly, the Debian packages that dpkg-query says are missing
  local package missing=()
  for package in "$@"; do
    [[ $(dpkg-query -W -f='${Status}' "$package" 2>/dev/null) == *'install ok installed'* ]] ||
      missing+=("$package")
  done
  ((${#missing[@]})) || return 0
  # The install's answer counts: an index that did not update may still hold the packages.
  apt-get update -qq || true
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" \
    >/dev/null
}

quietly() { # COMMAND...: runs COMMAND, and prints what it printed only when it fails
  local out status=0
  out=$("$@" 2>&1) || status=$?
  ((status == 0)) || printf '%s\n' "$out" >&2
  return "$status"
}

refuse() { # MESSAGE: prints MESSAGE and "Nothing was changed." as one line, then exits 2
  echo "$1 Nothing was changed." >&2
  exit 2
}

confirm() { # YES QUESTION: asks QUESTION [y/N] unless YES is 1; exits 1 unless answered yes
  [[ $1 != 1 ]] || return 0
  [[ -t 0 ]] || {
    echo "Not confirmed: standard input is not a terminal, so run it again with YES=1." >&2
    exit 1
  }
  local answer
  read -r -p "$2 [y/N] " answer
  [[ $answer =~ ^[Yy](es)?$ ]] || {
    echo "Nothing was changed."
    exit 1
  }
}

new_secret_key() { # prints a new key to seal the console's second factors: 32 random bytes, base64
  head -c 32 /dev/urandom | base64
}

secret_key() { # FILE: prints the console's key kept in FILE, made first (umask 077) if it is empty
  if [[ ! -s $1 ]]; then
    mkdir -p "$(dirname "$1")"
    (umask 077 && new_secret_key >"$1")
  fi
  cat "$1"
}

random_hex() { # BYTES: prints BYTES random bytes in hex (lower case, no newline)
  head -c "$1" /dev/urandom | od -An -tx1 | tr -d ' \n'
}

# The checks of the test scripts. (The counts survive a second source.)
passed=${passed:-0}
failed=${failed:-0}

check() { # DESCRIPTION COMMAND...: runs COMMAND quietly, prints ok or FAIL and DESCRIPTION, counts
  local description=$1
  shift
  if "$@" >/dev/null 2>&1; then
    passed=$((passed + 1))
    echo "  ok   $description"
  else
    failed=$((failed + 1))
    echo "  FAIL $description"
  fi
}

checks_summary() { # prints "N passed, N failed"; fails when any check failed
  echo "$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
}

# Cleanup on exit: one EXIT trap runs every command on_exit was given, the last given first, each
# whatever the others did (neither -e nor -u stops them), with $? the script's exit status; the
# script then exits with that status. A script that sets its own EXIT trap replaces this one.
shell_lib_on_exit=("${shell_lib_on_exit[@]}")

on_exit() { # COMMAND: a line of shell (as trap takes it) to run when the script exits
  shell_lib_on_exit+=("$*")
  trap shell_lib_run_on_exit EXIT
}

shell_lib_run_on_exit() { # the EXIT trap of on_exit
  local status=$? i
  set +eu
  for ((i = ${#shell_lib_on_exit[@]} - 1; i >= 0; i--)); do
    shell_lib_status "$status"
    eval "${shell_lib_on_exit[i]}" || true
  done
  exit "$status"
}

shell_lib_status() { return "$1"; } # sets $? for the next command
