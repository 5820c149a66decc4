# shellcheck shell=bash
# The container stage's loss drills (sourced by .ci/container-stack.sh after the restore drills,
# .ci/container-recovery.sh, whose shell, helpers and running stack they share): the database's
# disk lost, then the whole machine, each while prospects send the form, and the recovery point
# each leaves.

# Prospects for the two loss drills: the form sent every 0.2 s, `count` times, each from an
# address of its own in X-Forwarded-For (web believes Docker's bridge), as company `company` from
# <mailbox><n>@example.com; every 201 is noted in `file` with its time. In the background, as
# $prospects.
start_prospects() {
  local file=$1 company=$2 mailbox=$3 count=$4
  : >"$file"
  (
    for i in $(seq 1 "$count"); do
      # shellcheck disable=SC2154 # set by .ci/container-stack.sh, which sources this file
      id=$(curl -s -m 5 -X POST "$site/api/contact" -H 'Content-Type: application/json' \
        -H "X-Forwarded-For: 198.51.100.$((i % 250 + 1))" \
        --data "{\"name\":\"$company $i\",\"email\":\"$mailbox$i@example.com\",\"company\":\"$company\",\"role\":\"Operator\"}" |
        sed -n 's/.*"id":"\([0-9a-f-]*\)".*/\1/p')
      [[ -n $id ]] && echo "$(date +%s.%N) $id" >>"$file"
      sleep 0.2
    done
  ) &
  prospects=$!
}

# The recovery point of a loss at `lost_at`: how long before it the earliest lead of `company`
# acknowledged in `file` that did not come back was acknowledged (none missing: 0 s). Sets
# before_loss (the leads acknowledged before the loss), missing (their ids not back) and rpo.
recovery_point() {
  local file=$1 lost_at=$2 company=$3 restored_ids earliest_missing
  before_loss=$(awk -v lost="$lost_at" '$1 < lost' "$file")
  restored_ids=$(sql "SELECT id FROM contact_submissions WHERE company = '$company'")
  missing=$(comm -23 <(awk '{print $2}' <<<"$before_loss" | sort) <(sort <<<"$restored_ids"))
  earliest_missing=$(grep -F -f <(printf '%s\n' "$missing" | grep .) <<<"$before_loss" | sort -n | head -n 1 | cut -d' ' -f1 || true)
  rpo=$(awk -v lost="$lost_at" -v at="${earliest_missing:-$lost_at}" 'BEGIN { printf "%.1f", lost - at }')
}

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
# shellcheck disable=SC2154 # set by .ci/container-stack.sh, which sources this file
acknowledged=$work/acknowledged.txt
start_prospects "$acknowledged" Recovery recovery 300
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
recovery_point "$acknowledged" "$lost_at" Recovery
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

step "A lost machine: copies off-site while prospects send the form, then make recover on a new machine"
# The off-site copy goes to an SFTP server on a disk of its own (.ci/compose.offsite.yml), as it
# would to a server elsewhere. The machine is then lost whole: its database volume, backups/ and
# .env. A new machine has the repository, the two keys kept apart, and the remote's address
# (backup-rclone.conf).
offsite_disk=$work/offsite-disk
mkdir -p "$offsite_disk"
mount -t tmpfs -o size=2g,mode=0700 offsite-drill "$offsite_disk"
on_exit "umount -l '$offsite_disk'"
OFFSITE_PASSWORD=ci-offsite-$(random_hex 8)
export OFFSITE_DIR=$offsite_disk OFFSITE_PASSWORD
# The remote as docs/backups.md sets one up: in backup-rclone.conf beside .env.
printf '%s\n' '[offsite]' 'type = sftp' 'host = offsite' 'port = 2022' 'user = drill' \
  "pass = $(rclone obscure "$OFFSITE_PASSWORD")" >backup-rclone.conf
remote=offsite:proposal-site
sed -i 's|^COMPOSE_FILE=.*|&:.ci/compose.offsite.yml|' .env
{
  echo "BACKUP_REMOTE=$remote"
  echo "BACKUP_SHIP_SECONDS=15"
} >>.env
make --no-print-directory up >/dev/null
offsite_ok() { [[ $(docker-compose exec -T backup cat /backups/.offsite 2>/dev/null | tr -d '\r') == ok* ]]; }
check "the backup container copies backups/ off the machine (a round reached the remote)" within 180 offsite_ok
check "backup-rclone.conf is 0600" is "$(stat -c %a backup-rclone.conf)" 600
check "what holds data leaves encrypted: no dump, WAL segment or base backup in the clear" \
  test -z "$(find "$offsite_disk" -type f ! -name '*.age' ! -name '*.secrets' ! -name '*.sig' ! -name signature ! -name system_identifier ! -name heartbeat)"
check "the WAL being written is there too (*.partial.gz.age)" \
  test -n "$(find "$offsite_disk" -name '*.partial.gz.age')"
check "/metrics has the newest off-site copy (backup_offsite_newest_timestamp_seconds)" bash -c \
  "docker-compose exec -T contact-service node -e \"fetch('http://127.0.0.1:3000/metrics').then((r) => r.text()).then((t) => process.stdout.write(t))\" | grep -q '^backup_offsite_newest_timestamp_seconds{remote=\"default\"} [1-9]'"
acknowledged=$work/lost-machine-acknowledged.txt
start_prospects "$acknowledged" 'Lost Machine' lost 400
sleep 45
# The machine is lost: every container of the stack killed at once (the off-site server stands
# apart), then its volume, backups/ and .env gone.
mapfile -t stack < <(docker-compose ps -q | grep -v "$(docker-compose ps -q offsite)")
docker kill "${stack[@]}" >/dev/null
lost_at=$(date +%s.%N)
kill "$prospects" 2>/dev/null || true
wait "$prospects" 2>/dev/null || true
mapfile -t services < <(docker-compose config --services | grep -v '^offsite$')
docker-compose rm -f -s "${services[@]}" >/dev/null
docker volume rm "$(docker volume ls -q --filter label=com.docker.compose.volume=db-data)" >/dev/null
old_compose_file=$(grep '^COMPOSE_FILE=' .env)
find "$(realpath backups)" -mindepth 1 -delete
rm -rf .env .env.before-restore backups
mkdir backups
make --no-print-directory .env >/dev/null
{
  grep -E '^VITE_[A-Z_]+=' "$work/old.env"
  echo "$old_compose_file"
} >>.env
started=$(date +%s)
make --no-print-directory recover KEY="$work/backup-key.txt" REMOTE="$remote" YES=1 | tee "$work/lost-machine.out"
echo "  make recover from the off-site copy took $(($(date +%s) - started)) s"
recovery_point "$acknowledged" "$lost_at" 'Lost Machine'
echo "  lost machine, off-site copy every 15 s: $(grep -c . <<<"$before_loss") leads acknowledged before the loss," \
  "$(grep -c . <<<"$missing" || true) of them not back; recovery point: $rpo s of acknowledged leads lost (goal: at most 60 s)"
check "every lead acknowledged more than 60 s before the loss is back" awk -v rpo="$rpo" 'BEGIN { exit !(rpo <= 60) }'
check "make recover said when the old machine last reached the off-site copy" grep -q '^Recovery point: ' "$work/lost-machine.out"
# shellcheck disable=SC2154 # set by .ci/container-recovery.sh, sourced before this file
check "the settings came back with the key: the operator enrolled long before signs in with the same app" \
  node .ci/second-factor.mjs sign-in "$console" "$work/operator.json"
check "the stack is healthy on the new machine" infra/compose/wait-healthy.sh docker-compose
check "and copies off-site again" within 300 offsite_ok
