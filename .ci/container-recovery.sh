# shellcheck shell=bash
# The container stage's restore drills (sourced by .ci/container-stack.sh, whose shell, helpers
# and running stack they share): a restore on a new machine whose operators keep their second
# factors, from a copy of backups/ and from a backups/ linked to another mount.

step "The restore drill: a new machine, from a copy of backups/, its settings from the backup"
# An operator enrolled with an authenticator app before the backup must sign in with the same app
# on a new machine after the restore (docs/backups.md): CONSOLE_SECRET_KEY, which sealed the
# app's secret, travels in the backup, encrypted and signed.
console=http://localhost:$(sed -n 's/^CONSOLE_PORT=//p' .env)
link=$(leads_says users add drill.operator --role member | grep -o 'http[^ ]*/console/enrol#[^ ]*' | head -n 1)
# shellcheck disable=SC2154 # set by .ci/container-stack.sh, which sources this file
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
# shellcheck disable=SC2016 # expanded by the container's shell
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
{
  cat "$work/old.env"
  echo 'COMPOSE_FILE=docker-compose.yml:/tmp/evil.yml'
} >"$forged/settings/.env"
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
