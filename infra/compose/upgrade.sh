#!/usr/bin/env bash
# `make upgrade [PULL=0]`: from the release the container stack runs to the one checked out here
# (after `git pull`), keeping the form up where one machine can (docs/upgrading.md):
#   1. after the keys and settings this release needs (keys.sh), a backup (a pg_dump into
#      backups/last/, signed like every backup), and nothing else changes if it fails;
#   2. the contact-service's database role made (service-role.sh), the images built with fresh
#      base images (PULL=0:
#      without asking the registries, for a machine that cannot reach them);
#   3. the contact-service replaced while it serves: stand-ins of the new release start beside the
#      old replicas (applying this release's migrations, which the old code must survive) and take
#      requests once healthy, the replicas are recreated on the new image, and the stand-ins go;
#   4. everything else that changed recreated (`make up`), waited for, and the release checked.
# Usage: upgrade.sh REPLICAS PULL <compose command...>
set -euo pipefail
replicas=$1 pull=$2
shift 2
compose=("$@")
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
target=$(infra/compose/version.sh checkout)
running_version() { infra/compose/version.sh running "${compose[@]}"; }
service_ids() { "${compose[@]}" ps -q contact-service 2>/dev/null | sort; }
healthy() { [[ $(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$1" 2>/dev/null) == healthy ]]; }

# The keys and settings this release needs first (keys.sh adds only what is missing): without
# them its compose file does not even parse.
infra/compose/keys.sh .env "${compose[@]}"
mapfile -t old < <(service_ids)
if ((${#old[@]} == 0)); then
  echo "The container stack is not running: nothing to upgrade. Start this release with make up." >&2
  exit 1
fi
from=$(running_version)
echo "Upgrading the stack from ${from:-an unknown release} to $target (CHANGELOG.md says what it asks of you)."

# Straight from the db container: the running backup container may already see this release's
# scripts (they are mounted from the checkout), made for a container this release builds.
echo "1. A backup, before anything else changes"
infra/compose/private.sh
umask 077
mkdir -p backups/last
dump=backups/last/before-upgrade-to-$target-$(date -u +%Y%m%d-%H%M%S).dump
if ! "${compose[@]}" exec -T db sh -c 'pg_dump -U "$POSTGRES_USER" -d "$POSTGRES_DB" --format=custom --compress=6 --no-owner --no-privileges' >"$dump.partial" ||
  [[ ! -s $dump.partial ]]; then
  rm -f "$dump.partial"
  echo "The backup failed: nothing was changed. See make logs (db)." >&2
  exit 1
fi
source infra/backup/signature.sh
sign_backup "$dump.partial" '' "$(sed -n 's/^BACKUP_SIGNING_KEY=//p' .env)" >"${dump%.dump}.sig"
mv "$dump.partial" "$dump"
echo "   $dump ($(du -h "$dump" | cut -f1)); make restore FILE=$dump puts it back"

echo "2. The contact-service's own database role, and the images of $target"
# Before the new release's replicas start, which connect as that role; the old ones, connected as
# the superuser, are not disturbed (service-role.sh).
infra/compose/service-role.sh "${compose[@]}"
if [[ $pull == 1 ]]; then
  "${compose[@]}" pull --ignore-pull-failures db
  "${compose[@]}" build --pull
else
  "${compose[@]}" build
fi

echo "3. The contact-service, replaced while it serves (${#old[@]} running)"
# Stand-ins of the new release first, answering by the service's name beside the old replicas
# (they apply the release's migrations, which the old code must survive); then the replicas are
# recreated on the new image, keeping their names; then the stand-ins go.
all_healthy() { # container... -> all are healthy now
  local id
  for id in "$@"; do healthy "$id" || return 1; done
}
wait_healthy() { # container... -> succeeds once all are healthy (within 4 minutes)
  within 240 all_healthy "$@"
}
stand_ins=()
for i in $(seq 1 "$replicas"); do
  name=contact-service-upgrade-$(date -u +%Y%m%d%H%M%S)-$i
  "${compose[@]}" run -d --no-deps --use-aliases --name "$name" contact-service >/dev/null
  stand_ins+=("$name")
done
if ! wait_healthy "${stand_ins[@]}"; then
  echo "The new contact-service did not become healthy within 4 minutes; the old replicas keep serving. Its log:" >&2
  docker logs --tail 30 "${stand_ins[0]}" >&2 || true
  docker rm -f "${stand_ins[@]}" >/dev/null
  exit 1
fi
# web finds them by name within 10 s; the old replicas finish what they hold as they are replaced.
sleep 10
"${compose[@]}" up -d --no-deps --scale "contact-service=$replicas" contact-service
mapfile -t replaced < <(service_ids)
wait_healthy "${replaced[@]}" || echo "The recreated replicas are not healthy yet; make up below waits for them." >&2
sleep 10
docker stop -t 20 "${stand_ins[@]}" >/dev/null
docker rm "${stand_ins[@]}" >/dev/null

echo "4. Everything else that changed"
"${compose[@]}" up -d --scale "contact-service=$replicas"
# What the replaced backup container wrote since step 1 becomes the new one's (private.sh).
infra/compose/private.sh
infra/compose/wait-healthy.sh "${compose[@]}"
now=$(running_version)
[[ $now == "$target" ]] || { echo "The stack reports ${now:-nothing}, not $target." >&2; exit 1; }
echo "The stack runs $target. To roll back: check out the earlier release, make up, and make restore FILE=$dump REPLACE=1 (docs/upgrading.md)."
