# shellcheck shell=bash
# The alert drill of the container stage (sourced by .ci/container-stack.sh, whose Monitoring step
# calls alert_drill once `make up REPLICAS=3` runs Prometheus and Alertmanager beside the stack,
# infra/monitoring/compose.yml). Two faults at once, so CI waits once; each must reach a person as
# one mail, through Prometheus, the Alertmanager and the stack's SMTP server (maildev,
# .ci/compose.mail.yml):
#   a replica stopped (docker stop: Docker's DNS no longer finds it)  ContactServiceReplicaMissing
#   a backup that never ran: the backup container stopped, and the runs it recorded taken out of
#   backup_runs, so that backup_last_timestamp_seconds is not there at all  BackupMissing
# Then it puts back what it changed, waits until the stack is healthy and both alerts are over,
# and counts the mails again: one each. How long it takes is the rules' `for:` (2 minutes), the
# intervals of PROMETHEUS_INTERVAL (CI's .env: 5s) and Alertmanager's group_wait (30 s).
# Uses the caller's check, within, is, step, sql, promql, mail_api and prometheus.

# The mails that say ALERTNAME fires, to RECIPIENT: how many maildev holds.
alert_mails() { # ALERTNAME RECIPIENT
  local json
  json=$(curl -s "$mail_api/api/email") || json='[]'
  node -e '
    const [name, to] = process.argv.slice(1);
    const mails = JSON.parse(require("fs").readFileSync(0, "utf8") || "[]");
    const said = mails.filter((mail) => {
      const [status, alert] = String(mail.subject).split(" ");
      return /^\[FIRING:\d+\]$/.test(status) && alert?.replace(/:$/, "") === name &&
        (mail.to ?? []).some((address) => address.address === to);
    });
    process.stdout.write(String(said.length));
  ' "$1" "$2" <<<"$json"
}

alert_drill() {
  local recipient alertmanager replica stopping saved started drill_started name
  local -A arrived=()
  local alerts=(ContactServiceReplicaMissing BackupMissing)
  step "Alerts reach a person: a replica stopped and a backup that never ran, at once, each one mail"
  drill_started=$SECONDS
  # The mail container's address now: the stack has been taken down and up since mail_api was set.
  mail_api=http://$(docker inspect -f '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$(docker-compose ps -q mail)"):1080
  recipient=$(sed -n 's/^ALERT_TO=//p' .env)
  recipient=${recipient:-$(sed -n 's/^NOTIFY_TO=//p' .env)}
  recipient=${recipient%%,*}
  alertmanager=http://127.0.0.1:$(sed -n 's/^ALERTMANAGER_PORT=//p' .env | grep . || echo 9093)
  for name in prometheus alertmanager; do
    check "$name's log is rotated (json-file, 10m, 5 files) and its root file system read-only" \
      is "$(docker inspect -f '{{.HostConfig.LogConfig.Type}} {{index .HostConfig.LogConfig.Config "max-size"}} {{index .HostConfig.LogConfig.Config "max-file"}} {{.HostConfig.ReadonlyRootfs}}' "$(docker-compose ps -q "$name")")" \
      'json-file 10m 5 true'
  done
  check "Alertmanager said where alerts go, $recipient by mail, at its start" \
    bash -c "docker-compose logs --no-color alertmanager | grep -q 'alerts go by mail to $recipient'"
  check "Alertmanager publishes its API on this machine's loopback" url_ok "$alertmanager/-/healthy"
  # shellcheck disable=SC2317,SC2154 # called by within; prometheus: set by .ci/container-stack.sh
  sends() { grep -q ':9093/api/v2/alerts' <<<"$(curl -s "$prometheus/api/v1/alertmanagers")"; }
  check "Prometheus sends its alerts to it" within 30 sends
  # shellcheck disable=SC2317 # called by within
  three() { [[ $(promql 'max_over_time(job:up:count:min_2m{stack="compose"}[1d])') == 3 ]]; }
  check "Prometheus counts three replicas, the number a missing one is told against" within 180 three
  for name in "${alerts[@]}"; do
    check "no mail about $name yet" is "$(alert_mails "$name" "$recipient")" 0
  done

  # The faults. The runs the backup container recorded are kept here, to be put back.
  replica=$(docker-compose ps -q contact-service | tail -n 1)
  started=$SECONDS
  echo "  at $(date -u +%T): docker stop ${replica:0:12}, and the backup container stopped with backup_runs emptied"
  docker stop "$replica" >/dev/null &
  stopping=$!
  docker-compose stop backup >/dev/null 2>&1
  saved=$(sql "SELECT string_agg(format('(%L::timestamptz, %L::boolean)', finished_at, ok), ', ') FROM backup_runs")
  sql 'DELETE FROM backup_runs' >/dev/null
  wait "$stopping"
  # shellcheck disable=SC2317 # called by within
  gone() { [[ -z $(promql 'max(backup_last_timestamp_seconds{outcome="success"})') ]]; }
  check "the contact-service reports no backup at all now" within 30 gone

  # One wait for both mails (each alert's `for:` is 2 minutes).
  while ((SECONDS - started < 300 && ${#arrived[@]} < ${#alerts[@]})); do
    for name in "${alerts[@]}"; do
      [[ -z ${arrived[$name]:-} && $(alert_mails "$name" "$recipient") -ge 1 ]] &&
        arrived[$name]=$((SECONDS - started)) &&
        echo "  $name: its mail reached $recipient ${arrived[$name]} s after the fault"
    done
    sleep 2
  done
  check "a stopped replica reached a person by mail (ContactServiceReplicaMissing)" \
    test -n "${arrived[ContactServiceReplicaMissing]:-}"
  check "a backup that never ran reached a person by mail (BackupMissing)" \
    test -n "${arrived[BackupMissing]:-}"

  # Everything back as it was: the replica, the backup container (which takes a backup as it
  # starts) and the runs it had recorded.
  [[ -z $saved ]] || sql "INSERT INTO backup_runs (finished_at, ok) VALUES $saved ON CONFLICT DO NOTHING" >/dev/null
  docker start "$replica" >/dev/null
  docker-compose start backup >/dev/null 2>&1
  # shellcheck disable=SC2317 # called by within
  backed_up() { [[ $(sql "SELECT count(*) FROM backup_runs WHERE finished_at > now() - interval '$((SECONDS - started + 5)) seconds'") -ge 1 ]]; }
  check "the backup container, started again, recorded a backup" within 120 backed_up
  check "the stack is healthy again: three replicas, the backup container" \
    infra/compose/wait-healthy.sh docker-compose
  # shellcheck disable=SC2317 # called by within
  over() { [[ -z $(promql 'count(ALERTS{alertname=~"ContactServiceReplicaMissing|BackupMissing"})') ]]; }
  check "and both alerts are over" within 60 over
  for name in "${alerts[@]}"; do
    check "exactly one mail said $name fires" is "$(alert_mails "$name" "$recipient")" 1
  done
  echo "  the alert drill took $((SECONDS - drill_started)) s"
}
