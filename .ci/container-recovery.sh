# The container stage's recovery drills (sourced by .ci/container-stack.sh, whose shell, helpers
# and running stack they share): a restore on a new machine whose operators keep their second
# factors, and a recovery to the last moment after the database's disk is lost.

step "The restore drill: a new machine, from a copy of backups/, its settings from the backup"
# An operator enrolled with an authenticator app before the backup must sign in with the same app
# on a new machine after the restore (docs/backups.md): CONSOLE_SECRET_KEY, which sealed the
# app's secret, travels in the backup, encrypted and signed.
console=http://localhost:$(sed -n 's/^CONSOLE_PORT=//p' .env)
link=$(leads_says users add drill.operator --role member | grep -o 'http[^ ]*/console/enrol#[^ ]*' | head -n 1)
node .ci/second-factor.mjs enrol "$console" "$link" "$work/operator.json"
check "an operator enrolled with an app signs in" node .ci/second-factor.mjs sign-in "$console" "$work/operator.json"
before=$(snapshot)
leads_before=$(sql 'SELECT count(*) FROM contact_submissions')
make --no-print-directory backup
today=contact-$(date -u +%Y%m%d)
check "the backup carries the settings, encrypted (age)" \
  bash -c "head -c 21 backups/daily/$today.secrets | grep -q '^age-encryption.org/v1'"
check "and nothing of .env in the clear" bash -c "! grep -aq CONSOLE_SECRET_KEY backups/daily/$today.secrets"
check "and it is signed (backups/daily/$today.sig)" grep -q '^hmac-sha256 [0-9a-f]\{64\}$' "backups/daily/$today.sig"
private_files() { # FOLDER -> every file 0600 and folder 0700 in it (the links aside)
  [[ -z $(find -L "$1" \( -type f ! -perm 600 \) -o \( -type d ! -perm 700 \)) ]]
}
check "every file in backups/ is 0600, every folder 0700" private_files backups/
for file in .env backup-key.txt backup-signing-key.txt; do
  check "$file is 0600" is "$(stat -c %a "$file")" 600
done
check "no process in the backup container runs as root" \
  is "$(docker-compose exec -T backup sh -c 'for p in /proc/[0-9]*; do stat -c %u "$p"; done' | tr -d '\r' | grep -cx 0)" 0
# The old machine is lost: its database volume with it. What is left: a copy of its backups/
# (another disk's, or the off-site copy's), and the two keys kept apart.
old_key_line=$(grep '^CONSOLE_SECRET_KEY=' .env)
mapfile -t secrets_before < <(grep -E '^(CONSOLE_SECRET_KEY|BACKUP_SIGNING_KEY|POSTGRES_PASSWORD)=' .env | cut -d= -f2-)
mv backup-key.txt backup-signing-key.txt "$work/"
docker-compose down --volumes
mv .env "$work/old.env"
rm -rf "$work/old-backups"
mv backups "$work/old-backups"
# A new machine: a checkout with no .env, no volume, and the backups copied as cp -a, rsync -a or
# rclone copy them (every file two days old by its mtime), the one to restore named as today's.
new_machine() { # BACKUPS-FOLDER: the old backups copied there, a .env of the new machine's own
  cp -a "$work/old-backups/." "$1/"
  find "$1" -exec touch -h -d '2 days ago' {} +
  make --no-print-directory .env >/dev/null
  # (This checkout's site values and compose files, so that web's image is not built again.)
  grep -E '^(VITE_[A-Z_]+|COMPOSE_FILE)=' "$work/old.env" >>.env
}
sums() { (cd backups && sha256sum "daily/$today.dump" "daily/$today.secrets" "daily/$today.sig"); }
mkdir backups
new_machine backups
sums_before=$(sums)
make --no-print-directory restore FILE="backups/daily/$today.dump" KEY="$work/backup-key.txt" YES=1 | tee "$work/restore.out"
check "the restore from the copy brought back every lead ($leads_before)" \
  is "$(sql 'SELECT count(*) FROM contact_submissions')" "$leads_before"
check "field by field, leads, deliveries and audit trail are as before" is "$(snapshot)" "$before"
check "the file it restored from is unchanged (sha256 of the dump, .secrets and .sig)" is "$(sums)" "$sums_before"
check "its copy is gone and the backups run again (no backups/restoring/)" test ! -e backups/restoring
check "the old machine's CONSOLE_SECRET_KEY is back in .env" grep -qxF "$old_key_line" .env
check "this machine's database password was kept" \
  is "$(grep '^POSTGRES_PASSWORD=' .env)" "$(grep '^POSTGRES_PASSWORD=' .env.before-restore)"
check "the operator enrolled before the backup signs in with the same app" \
  node .ci/second-factor.mjs sign-in "$console" "$work/operator.json"
check ".env is 0600 after the restore, and .env.before-restore too" \
  is "$(stat -c %a .env .env.before-restore | xargs)" '600 600'
# Refused, each with one line, and nothing changed.
refused_unchanged() { # WHAT-THE-LINE-SAYS make restore ARGS...: refused, saying it, .env and the leads as they were
  local says=$1 env_before leads said
  shift
  env_before=$(md5sum <.env)
  leads=$(sql 'SELECT count(*) FROM contact_submissions')
  if said=$(make --no-print-directory restore "$@" 2>&1); then return 1; fi
  said=$(grep -v '^make: \*\*\*' <<<"$said")
  echo "$said" >>"$work/refusals.txt"
  [[ $(grep -c . <<<"$said") == 1 && $said == *"$says"* && $said == *'Nothing was changed.' ]] &&
    [[ $(md5sum <.env) == "$env_before" && $(sql 'SELECT count(*) FROM contact_submissions') == "$leads" ]]
}
: >"$work/refusals.txt"
restore_args=(FILE="backups/daily/$today.dump" KEY="$work/backup-key.txt" YES=1)
check "a restore with KEY over the leads is refused without REPLACE=1, before it changes .env" \
  refused_unchanged 'REPLACE=1' "${restore_args[@]}"
check "a restore with a key file that is not there is refused" \
  refused_unchanged 'There is no key' FILE="backups/daily/$today.dump" KEY="$work/no-such-key.txt" REPLACE=1 YES=1
# Forgeries: whoever can write to backups/ (or to the off-site copy) but holds no signing key.
forged=$work/forged
rm -rf "$forged" && mkdir -p "$forged/last"
cp "backups/daily/$today.dump" "backups/daily/$today.sig" "$forged/last/"
mv "$forged/last/$today.dump" "$forged/last/contact-forged.dump"
mv "$forged/last/$today.sig" "$forged/last/contact-forged.sig"
cp "backups/daily/$today.secrets" "$forged/last/contact-forged.secrets"
printf '\x01' | dd of="$forged/last/contact-forged.secrets" bs=1 seek=200 conv=notrunc 2>/dev/null
check "a .secrets with one byte changed is refused" \
  refused_unchanged 'not the file that was signed' FILE="$forged/last/contact-forged.dump" KEY="$work/backup-key.txt" REPLACE=1 YES=1
# A settings file naming COMPOSE_FILE, encrypted to the backup key as anyone can, and even signed
# with the right key (as if that had leaked too): the settings allow-list still refuses it.
mkdir -p "$forged/settings"
{ cat "$work/old.env"; echo 'COMPOSE_FILE=docker-compose.yml:/tmp/evil.yml'; } >"$forged/settings/.env"
tar -C "$forged/settings" -c .env | age --encrypt --recipient "$(sed -n 's/^BACKUP_RECIPIENT=//p' .env)" \
  >"$forged/last/contact-forged.secrets"
(source infra/backup/signature.sh && sign_backup "$forged/last/contact-forged.dump" "$forged/last/contact-forged.secrets" \
  "$(head -n 1 "$work/backup-signing-key.txt")" >"$forged/last/contact-forged.sig")
check "a signed backup whose settings name COMPOSE_FILE is refused, naming it" \
  refused_unchanged 'COMPOSE_FILE' FILE="$forged/last/contact-forged.dump" KEY="$work/backup-key.txt" REPLACE=1 YES=1
(source infra/backup/signature.sh && sign_backup "$forged/last/contact-forged.dump" "$forged/last/contact-forged.secrets" \
  "$(random_hex 32)" >"$forged/last/contact-forged.sig")
check "one signed with another key is refused" \
  refused_unchanged 'not made with this BACKUP_SIGNING_KEY' FILE="$forged/last/contact-forged.dump" KEY="$work/backup-key.txt" REPLACE=1 YES=1
rm "$forged/last/contact-forged.sig"
check "and one with no signature" \
  refused_unchanged 'no signature' FILE="$forged/last/contact-forged.dump" REPLACE=1 YES=1
sed 's/^/  make restore said: /' "$work/refusals.txt"

step "The restore drill again: backups/ a link to another mount, the new machine started first"
docker-compose down --volumes
rm -f .env .env.before-restore
rm -rf backups
other_disk=$work/other-disk
mkdir -p "$other_disk"
mount -t tmpfs -o size=1g,mode=0700 backups-drill "$other_disk"
on_exit "umount -l '$other_disk'"
ln -s "$other_disk" backups
new_machine backups
sums_before=$(sums)
check "backups/ is on another device than the checkout" test "$(stat -L -c %d backups)" != "$(stat -c %d .)"
# Started before the restore: its first backup must leave the copy alone (another key signed it).
make --no-print-directory up
check "the new machine took a backup of its own into the link" \
  test "$(find -L backups/last -name 'contact-*.dump' -newer "$work/old.env" | wc -l)" -ge 1
check "and left the copy as it was" is "$(sums)" "$sums_before"
check "the stack started on an empty database volume" is "$(sql 'SELECT count(*) FROM contact_submissions')" 0
# Without KEY the database alone comes back (checked with the old machine's signing key): the
# leads are there, the operator's app is not.
make --no-print-directory restore FILE="backups/daily/$today.dump" SIGNING_KEY="$work/backup-signing-key.txt" YES=1
check "the restore brought back every lead ($leads_before)" is "$(sql 'SELECT count(*) FROM contact_submissions')" "$leads_before"
check "without the backup's settings, the operator's app no longer signs in" \
  bash -c "! node .ci/second-factor.mjs sign-in '$console' '$work/operator.json'"
check "and the service says why, naming CONSOLE_SECRET_KEY" \
  bash -c "docker-compose logs --no-color contact-service | grep -q 'CONSOLE_SECRET_KEY does not open'"
make --no-print-directory restore FILE="backups/daily/$today.dump" KEY="$work/backup-key.txt" REPLACE=1 YES=1 | tee -a "$work/restore.out"
check "with KEY, field by field, leads, deliveries and audit trail are as before" is "$(snapshot)" "$before"
check "the operator signs in with the same app" node .ci/second-factor.mjs sign-in "$console" "$work/operator.json"
check "the copy it restored from is unchanged" is "$(sums)" "$sums_before"
check "make up replaced the new machine's keys by the restored ones: no backup-key.txt, no backup-signing-key.txt" \
  test ! -e backup-key.txt -a ! -e backup-signing-key.txt
check "every file in the linked backups/ is 0600, every folder 0700" private_files backups/
check "the stack is healthy after the restore" infra/compose/wait-healthy.sh docker-compose
# Neither key nor any secret setting reached a container's log, or what make restore printed.
kept_secret() {
  local secret container
  for secret in "${secrets_before[@]}" $(grep -v '^#' "$work/backup-key.txt" | grep .); do
    ! grep -qF -- "$secret" "$work/restore.out" || return 1
    for container in $(docker ps -aq); do
      ! docker logs "$container" 2>&1 | grep -qF -- "$secret" || return 1
    done
  done
}
check "no container's log and no output of make restore holds the keys or the secret settings" kept_secret


# Prospects for the two loss drills: the form sent every 0.2 s, `count` times, each from an
# address of its own in X-Forwarded-For (web believes Docker's bridge), as company `company` from
# <mailbox><n>@example.com; every 201 is noted in `file` with its time. In the background, as
# $prospects.
start_prospects() {
  local file=$1 company=$2 mailbox=$3 count=$4
  : >"$file"
  (
    for i in $(seq 1 "$count"); do
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
export OFFSITE_DIR=$offsite_disk OFFSITE_PASSWORD=ci-offsite-$(random_hex 8)
# The remote as docs/backups.md sets one up: in backup-rclone.conf beside .env.
printf '%s\n' '[offsite]' 'type = sftp' 'host = offsite' 'port = 2022' 'user = drill' \
  "pass = $(rclone obscure "$OFFSITE_PASSWORD")" >backup-rclone.conf
remote=offsite:proposal-site
sed -i 's|^COMPOSE_FILE=.*|&:.ci/compose.offsite.yml|' .env
{ echo "BACKUP_REMOTE=$remote"; echo "BACKUP_SHIP_SECONDS=15"; } >>.env
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
docker-compose rm -f -s $(docker-compose config --services | grep -v '^offsite$') >/dev/null
docker volume rm "$(docker volume ls -q --filter label=com.docker.compose.volume=db-data)" >/dev/null
old_compose_file=$(grep '^COMPOSE_FILE=' .env)
find "$(realpath backups)" -mindepth 1 -delete
rm -rf .env .env.before-restore backups
mkdir backups
make --no-print-directory .env >/dev/null
{ grep -E '^VITE_[A-Z_]+=' "$work/old.env"; echo "$old_compose_file"; } >>.env
started=$(date +%s)
make --no-print-directory recover KEY="$work/backup-key.txt" REMOTE="$remote" YES=1 | tee "$work/lost-machine.out"
echo "  make recover from the off-site copy took $(($(date +%s) - started)) s"
recovery_point "$acknowledged" "$lost_at" 'Lost Machine'
echo "  lost machine, off-site copy every 15 s: $(grep -c . <<<"$before_loss") leads acknowledged before the loss," \
  "$(grep -c . <<<"$missing" || true) of them not back; recovery point: $rpo s of acknowledged leads lost (goal: at most 60 s)"
check "every lead acknowledged more than 60 s before the loss is back" awk -v rpo="$rpo" 'BEGIN { exit !(rpo <= 60) }'
check "make recover said when the old machine last reached the off-site copy" grep -q '^Recovery point: ' "$work/lost-machine.out"
check "the settings came back with the key: the operator enrolled long before signs in with the same app" \
  node .ci/second-factor.mjs sign-in "$console" "$work/operator.json"
check "the stack is healthy on the new machine" infra/compose/wait-healthy.sh docker-compose
check "and copies off-site again" within 300 offsite_ok
