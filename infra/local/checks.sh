# Sourced by the shell test scripts: `check DESCRIPTION COMMAND...` runs the command, prints
# ok/FAIL and counts; `checks_summary` prints "N passed, N failed" and fails when any failed.
passed=0
failed=0

check() {
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

checks_summary() {
  echo "$passed passed, $failed failed"
  [[ $failed -eq 0 ]]
}
