# The upgrade drill (sourced by .ci/container-stack.sh, whose shell and helpers it shares): the
# previous release (.ci/previous-release) runs with leads and an enrolled operator in it, and is
# upgraded in place to the release under test with `make upgrade` while prospects send the form.
# Every acknowledged lead must be there afterwards, the operator must sign in with the same app,
# and the time the form could not take a lead is measured and printed. It runs in a worktree of
# its own (built beside this one's images), under the compose project `upgrade-drill`, and leaves
# nothing behind. Two functions: build_previous_release, while the registries can be reached, and
# upgrade_drill, inside the namespace before the main stack starts.

# The previous release's images, built from a worktree of its commit (.ci/previous-release) with the same site values as this release's, so
# that its `make up` inside the namespace and this release's `make upgrade` there find every
# layer built. A clone without that commit (a shallow one) skips the drill, and says so.
build_previous_release() {
  local previous
  previous=$(grep -v '^#' .ci/previous-release)
  git worktree remove --force "$work/previous" 2>/dev/null || rm -rf "$work/previous"
  git worktree prune
  if ! git cat-file -e "$previous^{commit}" 2>/dev/null; then
    echo "UPGRADE DRILL SKIPPED: this clone lacks the previous release's commit $previous (a shallow clone?)"
    return 0
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
  step "The upgrade drill: the previous release, upgraded to this one while prospects send the form"
  drill=$work/previous
  drill_site=http://127.0.0.1:$(sed -n 's/^WEB_PORT=//p' "$drill/.env")
  drill_console=http://localhost:$(sed -n 's/^CONSOLE_PORT=//p' "$drill/.env")
  in_drill() { (cd "$drill" && "$@"); }
  # From an empty volume: one an earlier, interrupted run left holds another password.
  in_drill docker-compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  in_drill make --no-print-directory up >"$work/upgrade-previous-up.log" 2>&1 ||
    { tail -n 30 "$work/upgrade-previous-up.log"; false; }
  check "the previous release runs ($(git -C "$drill" log -1 --format=%h))" \
    is "$(curl -s -o /dev/null -w '%{http_code}' "$drill_site/")" 200
  drill_link=$(in_drill make --no-print-directory leads ARGS='users add upgrade.operator --role admin' |
    grep -o 'http[^ ]*/console/enrol#[^ ]*' | head -n 1)
  node .ci/second-factor.mjs enrol "$drill_console" "$drill_link" "$work/upgrade-operator.json"
  check "an operator enrolled on the previous release signs in" \
    node .ci/second-factor.mjs sign-in "$drill_console" "$work/upgrade-operator.json"

  # Prospects, one every 0.2 s, each from an address of its own: every answer noted with its time.
  answers=$work/upgrade-answers.txt
  : >"$answers"
  (
    for i in $(seq 1 2000); do
      answer=$(curl -s -m 5 -X POST "$drill_site/api/contact" -H 'Content-Type: application/json' \
        -H "X-Forwarded-For: 203.0.113.$((i % 250 + 1))" -w '\n%{http_code}' \
        --data "{\"name\":\"Upgrade $i\",\"email\":\"upgrade$i@example.com\",\"company\":\"Upgrade\",\"role\":\"Operator\"}")
      status=${answer##*$'\n'}
      id=$(sed -n 's/.*"id":"\([0-9a-f-]*\)".*/\1/p' <<<"$answer")
      echo "$(date +%s.%N) $status ${id:--}" >>"$answers"
      sleep 0.2
    done
  ) &
  drill_prospects=$!
  sleep 5
  git -C "$drill" checkout --quiet --detach "$(git rev-parse HEAD)"
  started=$(date +%s)
  if in_drill make --no-print-directory upgrade PULL=0 >"$work/upgrade.log" 2>&1; then upgraded=yes; else upgraded=no; fi
  sed 's/^/  | /' "$work/upgrade.log" | grep -v -e 'Step [0-9]' -e '^  | *---> ' | tail -n 25
  echo "  make upgrade took $(($(date +%s) - started)) s"
  sleep 5
  kill "$drill_prospects" 2>/dev/null || true
  wait "$drill_prospects" 2>/dev/null || true
  check "make upgrade succeeded" is "$upgraded" yes
  check "the stack reports this release" \
    grep -q "The running stack: $(infra/compose/version.sh checkout)" \
    <<<"$(in_drill make --no-print-directory version)"
  drill_sql() { in_drill docker-compose exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -Atc "$0"' "$1"; }
  acknowledged_ids=$(awk '$2 == 201 { print $3 }' "$answers" | sort)
  stored_ids=$(drill_sql "SELECT id FROM contact_submissions WHERE company = 'Upgrade'" | tr -d '\r' | sort)
  lost=$(comm -23 <(printf '%s\n' "$acknowledged_ids") <(printf '%s\n' "$stored_ids") | grep -c . || true)
  # The downtime: the longest stretch between two acknowledged submissions, less the pace of 0.2 s.
  downtime=$(awk '$2 == 201 { if (last) { gap = $1 - last; if (gap > worst) worst = gap } last = $1 }
    END { printf "%.1f", (worst > 0.2 ? worst - 0.2 : 0) }' "$answers")
  echo "  $(wc -l <"$answers") submissions during the upgrade: $(awk '{print $2}' "$answers" | sort | uniq -c | xargs);" \
    "the form took no lead for at most $downtime s"
  check "every acknowledged lead is in the upgraded database ($(grep -c . <<<"$acknowledged_ids"))" is "$lost" 0
  check "the upgraded service connects as its own role, which owns every table it had" \
    is "$(drill_sql "SELECT string_agg(DISTINCT usename, ',') FROM pg_stat_activity WHERE application_name = 'contact-service'; SELECT count(*) FROM pg_tables WHERE schemaname IN ('public', 'pgboss') AND tableowner <> 'contact_service'" | tr -d '\r' | xargs)" 'contact_service 0'
  check "the operator enrolled before the upgrade signs in with the same app" \
    node .ci/second-factor.mjs sign-in "$drill_console" "$work/upgrade-operator.json"
  secrets_written() { ls "$drill"/backups/last/*.secrets >/dev/null 2>&1; }
  within 90 secrets_written || in_drill docker-compose logs --no-color --tail 20 backup
  check "the upgraded stack takes backups with their settings" secrets_written
  in_drill docker-compose down --volumes --remove-orphans >/dev/null 2>&1 || true
  git worktree remove --force "$drill" 2>/dev/null || true
}
