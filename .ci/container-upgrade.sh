# shellcheck shell=bash
# The upgrade drill (sourced by .ci/container-stack.sh, whose shell and helpers it shares): the
# previous release (.ci/previous-release: the changelog's previous entry) runs with leads and an
# enrolled operator in it; while prospects send the form, it is upgraded in place to the release
# under test (`make upgrade`), rolled back (`make rollback`), and upgraded again. After each step
# every acknowledged lead must be there, the operator must sign in with the same app, and the
# longest time the form took no lead is printed. It runs in a worktree of its own (built beside
# this one's images), under the compose project `upgrade-drill`, and leaves nothing behind. Two
# functions: build_previous_release, while the registries can be reached, and upgrade_drill,
# inside the namespace before the main stack starts.

# The previous release's images, built from a worktree of its commit with the same site values as
# this release's, so that its `make up` inside the namespace and this release's `make upgrade`
# there find every layer built. A clone without that commit (a shallow one) skips the drill, and
# says so; a commit that is not the release the file names fails it.
build_previous_release() {
  local version previous
  read -r version previous < <(grep -v '^#' .ci/previous-release)
  # shellcheck disable=SC2154 # set by .ci/container-stack.sh, which sources this file
  git worktree remove --force "$work/previous" 2>/dev/null || rm -rf "$work/previous"
  git worktree prune
  if ! git cat-file -e "$previous^{commit}" 2>/dev/null; then
    echo "UPGRADE DRILL SKIPPED: this clone lacks the previous release's commit $previous (a shallow clone?)"
    return 0
  fi
  if [[ $(git show "$previous:contract/release.json" | sed -n 's/.*"version": *"\(.*\)".*/\1/p') != "$version" ]]; then
    echo "ERROR: .ci/previous-release names $previous for $version, but that commit is another release" >&2
    return 1
  fi
  git worktree add --detach "$work/previous" "$previous" >/dev/null
  {
    sed -e "s/^POSTGRES_PASSWORD=.*/POSTGRES_PASSWORD=$(random_hex 12)/" \
      -e 's/^COMPOSE_PROJECT_NAME=.*/COMPOSE_PROJECT_NAME=upgrade-drill/' -e '/^VITE_/d' \
      -e 's|^REAL_IP_FROM=.*|REAL_IP_FROM=127.0.0.1/32,172.16.0.0/12|' \
      "$work/previous/.env.example"
    grep "^VITE_" e2e/site.env
  } >"$work/previous/.env"
  # (REAL_IP_FROM: the drill's prospects reach web through Docker's bridge, and each speaks for an
  # address of its own in X-Forwarded-For, as behind a load balancer.)
  (cd "$work/previous" && docker-compose -f docker-compose.yml -f .ci/compose.ci-build.yml build)
}

upgrade_drill() {
  step "The upgrade drill: the previous release, upgraded to this one, rolled back and upgraded again while prospects send the form"
  drill=$work/previous
  drill_site=http://127.0.0.1:$(sed -n 's/^WEB_PORT=//p' "$drill/.env")
  drill_console=http://localhost:$(sed -n 's/^CONSOLE_PORT=//p' "$drill/.env")
  in_drill() { (cd "$drill" && "$@"); }
  # From an empty volume: one an earlier, interrupted run left holds another password.
  in_drill docker-compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  in_drill make --no-print-directory up >"$work/upgrade-previous-up.log" 2>&1 ||
    {
      tail -n 30 "$work/upgrade-previous-up.log"
      false
    }
  previous_version=$(in_drill infra/compose/version.sh running docker-compose)
  check "the previous release runs ($previous_version, $(git -C "$drill" log -1 --format=%h))" \
    is "$(curl -s -o /dev/null -w '%{http_code}' "$drill_site/")" 200
  # (1.1.0's make leads can find the service not running for a moment just after make up, as
  # docker-compose 1.29's ps answers; asked again then, and said so.)
  drill_link=
  for _ in 1 2 3; do
    drill_link=$(in_drill make --no-print-directory leads ARGS='users add upgrade.operator --role admin' |
      grep -o 'http[^ ]*/console/enrol#[^ ]*' | head -n 1) && break
    echo "  (make leads users add answered no link; asking again in 5 s)"
    sleep 5
  done
  check "the previous release's make leads made an operator with an enrolment link" test -n "$drill_link"
  node .ci/second-factor.mjs enrol "$drill_console" "$drill_link" "$work/upgrade-operator.json"
  check "an operator enrolled on the previous release signs in" \
    node .ci/second-factor.mjs sign-in "$drill_console" "$work/upgrade-operator.json"

  # Prospects, one every 0.2 s, each from an address of its own, until the drill ends: every
  # answer noted with its time.
  answers=$work/upgrade-answers.txt
  : >"$answers"
  (
    i=0
    while :; do
      i=$((i + 1))
      answer=$(curl -s -m 5 -X POST "$drill_site/api/contact" -H 'Content-Type: application/json' \
        -H "X-Forwarded-For: 203.0.113.$((i % 250 + 1))" -w '\n%{http_code}' \
        --data "{\"name\":\"Upgrade $i\",\"email\":\"upgrade$i@example.com\",\"company\":\"Upgrade\",\"role\":\"Operator\"}") || true
      # (A refused connection is an answer too, 000: the prospects go on.)
      status=${answer##*$'\n'}
      id=$(sed -n 's/.*"id":"\([0-9a-f-]*\)".*/\1/p' <<<"$answer")
      echo "$(date +%s.%N) $status ${id:--}" >>"$answers"
      sleep 0.2
    done
  ) &
  drill_prospects=$!
  sleep 5
  this_commit=$(git rev-parse HEAD)
  drill_step "make upgrade PULL=0" "$(infra/compose/version.sh checkout)" \
    git -C "$drill" checkout --quiet --detach "$this_commit" -- make --no-print-directory upgrade PULL=0
  drill_step "make rollback YES=1" "$previous_version" \
    true -- make --no-print-directory rollback YES=1
  check "the rollback put the drill's checkout back on the previous release's commit" \
    is "$(git -C "$drill" rev-parse HEAD)" "$(git rev-parse "$(grep -v '^#' .ci/previous-release | cut -d' ' -f2)")"
  drill_step "make upgrade PULL=0, again" "$(infra/compose/version.sh checkout)" \
    git -C "$drill" checkout --quiet --detach "$this_commit" -- make --no-print-directory upgrade PULL=0
  kill "$drill_prospects" 2>/dev/null || true
  wait "$drill_prospects" 2>/dev/null || true
  echo "  $(wc -l <"$answers") submissions during the drill: $(awk '{print $2}' "$answers" | sort | uniq -c | xargs)"

  check "the upgraded service connects as its own role, which owns every table it had" \
    is "$(drill_sql "SELECT string_agg(DISTINCT usename, ',') FROM pg_stat_activity WHERE application_name = 'contact-service'; SELECT count(*) FROM pg_tables WHERE schemaname IN ('public', 'pgboss') AND tableowner <> 'contact_service'" | tr -d '\r' | xargs)" 'contact_service 0'
  kept=$(find "$drill/backups/before-upgrade" -mindepth 1 -maxdepth 1 -type d)
  check "one backup from before an upgrade is kept, the last one's: dump, settings, signature, note" \
    is "$(grep -c . <<<"$kept") $(find "$kept" -maxdepth 1 \( -name '*.dump' -o -name '*.secrets' -o -name '*.sig' -o -name release \) | wc -l)" '1 4'
  # shellcheck disable=SC2317 # called by within
  secrets_written() { ls "$drill"/backups/last/*.secrets >/dev/null 2>&1; }
  within 90 secrets_written || in_drill docker-compose logs --no-color --tail 20 backup
  check "the upgraded stack takes backups with their settings" secrets_written
  in_drill docker-compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  git worktree remove --force "$drill" 2>/dev/null || true
}

# shellcheck disable=SC2016 # expanded by the container's shell
drill_sql() { in_drill docker-compose exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -Atc "$0"' "$1"; }

# One step of the drill: BEFORE... (a command run first, or `true`), then the make command, in the
# drill's checkout, while the prospects go on. Then: it succeeded, the stack reports VERSION, every
# lead acknowledged so far is stored, and the operator signs in; the longest time the form took no
# lead during the step is printed.
drill_step() { # NAME VERSION BEFORE... -- MAKE...
  local name=$1 version=$2 before=() started finished outcome log acknowledged stored lost gap
  shift 2
  while [[ $1 != -- ]]; do
    before+=("$1")
    shift
  done
  shift
  log=$work/upgrade-drill-$(tr -c 'a-z0-9' '-' <<<"$name").log
  "${before[@]}"
  started=$(date +%s.%N)
  if in_drill "$@" >"$log" 2>&1; then outcome=succeeded; else outcome=failed; fi
  finished=$(date +%s.%N)
  sed 's/^/  | /' "$log" | grep -v -e 'Step [0-9]' -e '^  | *---> ' | tail -n 20
  sleep 5
  check "$name succeeded ($(awk -v a="$started" -v b="$finished" 'BEGIN { printf "%.0f", b - a }') s)" is "$outcome" succeeded
  check "the stack reports $version" is "$(in_drill infra/compose/version.sh running docker-compose)" "$version"
  acknowledged=$(awk '$2 == 201 { print $3 }' "$answers" | sort)
  stored=$(drill_sql "SELECT id FROM contact_submissions WHERE company = 'Upgrade'" | tr -d '\r' | sort)
  lost=$(comm -23 <(printf '%s\n' "$acknowledged") <(printf '%s\n' "$stored") | grep -c . || true)
  # The longest stretch between two acknowledged submissions within the step, less the pace of 0.2 s.
  read -r gap during < <(awk -v from="$started" -v to="$finished" '$1 >= from && $1 <= to { n++; if ($2 == 201) ok++ }
    $2 == 201 && $1 >= from - 1 && $1 <= to + 5 { if (last) { gap = $1 - last; if (gap > worst) worst = gap } last = $1 }
    END { printf "%.1f %d/%d\n", (worst > 0.2 ? worst - 0.2 : 0), ok, n }' "$answers")
  echo "  during $name prospects sent ${during#*/} submissions, ${during%/*} acknowledged; the form took no lead for at most $gap s"
  check "prospects were answered while it ran" test "${during%/*}" -gt 0
  check "every lead acknowledged so far is stored ($(grep -c . <<<"$acknowledged"))" is "$lost" 0
  check "the operator enrolled on the previous release signs in with the same app" \
    node .ci/second-factor.mjs sign-in "$drill_console" "$work/upgrade-operator.json"
}
