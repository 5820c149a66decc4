# The container stage's recovery drills (sourced by .ci/container-stack.sh, whose shell, helpers
# and running stack they share): a restore on a new machine whose operators keep their second
# factors, and a recovery to the last moment after the database's disk is lost.

step "The restore drill: a new machine, its settings from the backup"
# An operator enrolled with an authenticator app before the backup must sign in with the same app
# on a new machine after the restore (docs/backups.md): CONSOLE_SECRET_KEY, which sealed the
# app's secret, travels in the backup, encrypted.
console=http://localhost:$(sed -n 's/^CONSOLE_PORT=//p' .env)
link=$(leads_says users add drill.operator --role member | grep -o 'http[^ ]*/console/enrol#[^ ]*' | head -n 1)
node .ci/second-factor.mjs enrol "$console" "$link" "$work/operator.json"
check "an operator enrolled with an app signs in" node .ci/second-factor.mjs sign-in "$console" "$work/operator.json"
before=$(snapshot)
leads_before=$(sql 'SELECT count(*) FROM contact_submissions')
make --no-print-directory backup
backup_file=backups/$(readlink backups/latest.dump)
check "the backup carries the settings, encrypted (age)" \
  bash -c "head -c 21 '${backup_file%.dump}.secrets' | grep -q '^age-encryption.org/v1'"
check "and nothing of .env in the clear" bash -c "! grep -aq CONSOLE_SECRET_KEY '${backup_file%.dump}.secrets'"
# A new machine: the old one's database volume is gone, its backup key was kept apart, and this
# checkout has a .env of its own (the same site values, so web's image is not built again).
old_key_line=$(grep '^CONSOLE_SECRET_KEY=' .env)
mv backup-key.txt "$work/backup-key.txt"
docker-compose down --volumes
mv .env "$work/old.env"
make --no-print-directory .env
grep -E '^(VITE_[A-Z_]+|COMPOSE_FILE)=' "$work/old.env" >>.env
make --no-print-directory up
check "the new machine made a CONSOLE_SECRET_KEY of its own" bash -c "! grep -qxF '$old_key_line' .env"
check "the stack started on an empty database volume" is "$(sql 'SELECT count(*) FROM contact_submissions')" 0
# Without KEY the database alone comes back: the leads are there, the operator's app is not.
make --no-print-directory restore FILE="$backup_file" YES=1
check "the restore brought back every lead ($leads_before)" is "$(sql 'SELECT count(*) FROM contact_submissions')" "$leads_before"
check "without the backup's settings, the operator's app no longer signs in" \
  bash -c "! node .ci/second-factor.mjs sign-in '$console' '$work/operator.json'"
check "and the service says why, naming CONSOLE_SECRET_KEY" \
  bash -c "docker-compose logs --no-color contact-service | grep -q 'CONSOLE_SECRET_KEY does not open'"
if make --no-print-directory restore FILE="$backup_file" YES=1 >/dev/null 2>&1; then again=restored; else again=refused; fi
check "a second restore over the leads is refused without REPLACE=1" is "$again" refused
env_before=$(md5sum <.env)
if make --no-print-directory restore FILE="$backup_file" KEY="$work/backup-key.txt" YES=1 >/dev/null 2>&1; then again=restored; else again=refused; fi
check "so is one with KEY, before it changes .env" is "$again $(md5sum <.env)" "refused $env_before"
if make --no-print-directory restore FILE="$backup_file" KEY="$work/no-such-key.txt" REPLACE=1 YES=1 >/dev/null 2>&1; then again=restored; else again=refused; fi
check "a restore with a key file that is not there changes nothing" is "$again" refused
make --no-print-directory restore FILE="$backup_file" KEY="$work/backup-key.txt" REPLACE=1 YES=1
check "with KEY, the old machine's CONSOLE_SECRET_KEY is back in .env" grep -qxF "$old_key_line" .env
check "this machine's database password was kept" \
  is "$(grep '^POSTGRES_PASSWORD=' .env)" "$(grep '^POSTGRES_PASSWORD=' .env.before-restore)"
check "field by field, leads, deliveries and audit trail are as before" is "$(snapshot)" "$before"
check "the operator enrolled before the backup signs in with the same app" \
  node .ci/second-factor.mjs sign-in "$console" "$work/operator.json"
check "the stack is healthy after the restore" infra/compose/wait-healthy.sh docker-compose

step "Recovery to the last moment: the database's disk lost while prospects send the form"
# The prospects reach web through Docker's bridge and each speaks for an address of its own in
# X-Forwarded-For, as behind a load balancer: web believes the bridge from here on (the replicas'
# step needs the same).
sed -i 's|^REAL_IP_FROM=.*|&,172.16.0.0/12|' .env
make --no-print-directory up >/dev/null
slot_active() { [[ $(sql "SELECT active FROM pg_replication_slots WHERE slot_name = 'wal_archive'") == t ]]; }
check "the backup container streams the WAL (its replication slot is active)" within 60 slot_active
check "it took a base backup when it started" bash -c 'ls backups/base/*/base.tar.gz >/dev/null 2>&1'
leads_before=$(sql 'SELECT count(*) FROM contact_submissions')
acknowledged=$work/acknowledged.txt
: >"$acknowledged"
# Prospects, one every 0.2 s, each from an address of its own; every 201 is noted with its time.
(
  for i in $(seq 1 300); do
    id=$(curl -s -m 5 -X POST "$site/api/contact" -H 'Content-Type: application/json' \
      -H "X-Forwarded-For: 198.51.100.$((i % 250 + 1))" \
      --data "{\"name\":\"Recovery $i\",\"email\":\"recovery$i@example.com\",\"company\":\"Recovery\",\"role\":\"Operator\"}" |
      sed -n 's/.*"id":"\([0-9a-f-]*\)".*/\1/p')
    [[ -n $id ]] && echo "$(date +%s.%N) $id" >>"$acknowledged"
    sleep 0.2
  done
) &
prospects=$!
sleep 10
# The disk is lost: the server killed at once (nothing more reaches its disk), then its volume
# removed. backups/ is the other disk.
docker kill "$(docker-compose ps -q db)" >/dev/null
lost_at=$(date +%s.%N)
docker-compose rm -f db >/dev/null
docker volume rm "$(docker volume ls -q --filter label=com.docker.compose.volume=db-data)" >/dev/null
sleep 3
kill "$prospects" 2>/dev/null || true
wait "$prospects" 2>/dev/null || true
started=$(date +%s)
make --no-print-directory recover YES=1
echo "  make recover took $(($(date +%s) - started)) s"
before_loss=$(awk -v lost="$lost_at" '$1 < lost' "$acknowledged")
restored_ids=$(sql "SELECT id FROM contact_submissions WHERE company = 'Recovery'")
missing=$(comm -23 <(awk '{print $2}' <<<"$before_loss" | sort) <(sort <<<"$restored_ids"))
# The recovery point: how long before the loss the earliest acknowledged lead that did not come
# back was acknowledged (none missing: 0 s).
earliest_missing=$(grep -F -f <(printf '%s\n' "$missing" | grep .) <<<"$before_loss" | sort -n | head -n 1 | cut -d' ' -f1 || true)
rpo=$(awk -v lost="$lost_at" -v at="${earliest_missing:-$lost_at}" 'BEGIN { printf "%.1f", lost - at }')
newest=$(sql "SELECT extract(epoch FROM max(created_at)) FROM contact_submissions WHERE company = 'Recovery'")
echo "  $(wc -l <<<"$before_loss") leads acknowledged before the disk was lost, $(grep -c . <<<"$missing" || true) of them not back;" \
  "recovery point: $rpo s of acknowledged leads lost (goal: at most 60 s);" \
  "the newest lead back was received $(awk -v lost="$lost_at" -v at="$newest" 'BEGIN { printf "%.1f", lost - at }') s before the loss"
check "leads from before the acknowledged ones are all back" \
  test "$(sql "SELECT count(*) FROM contact_submissions WHERE company <> 'Recovery'")" -ge "$((leads_before))"
check "the recovery point is within 60 s ($rpo s)" awk -v rpo="$rpo" 'BEGIN { exit !(rpo <= 60) }'
check "the stack is healthy after the recovery" infra/compose/wait-healthy.sh docker-compose
check "and the WAL stream runs again, on the new timeline" within 60 slot_active
after_id=$(submit '{"name":"After Recovery","email":"after@example.com","company":"CI","role":"Operator"}')
check "a POST after the recovery is stored" is "$(sql "SELECT name FROM contact_submissions WHERE id = '${after_id:-none}'")" 'After Recovery'
