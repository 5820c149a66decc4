#!/usr/bin/env bash
# `make upgrade [PULL=0] [BUNDLE=…]`: from the release the container stack runs to the one checked
# out here (after `git pull`, or `git fetch` of a bundle), keeping the form up where one machine
# can (docs/upgrading.md):
#   1. the keys and settings this release needs (keys.sh), and its images: built with fresh base
#      images (PULL=0: without asking the registries), or loaded from the bundle (load-bundle.sh,
#      by the Makefile); nothing running changes, and nothing else happens if this fails;
#   2. a backup with its settings (backup.sh in a one-off container of this release's backup
#      image) into backups/before-upgrade/<time>-from-<release>/, with the running release's
#      commit and images noted beside it (`release`), and those images kept under its version's
#      tag: what `make rollback` goes back to, and `make restore` can put back. It is kept until
#      the next upgrade succeeds;
#   3. the contact-service's database role made (service-role.sh), and the service replaced while
#      it serves (replace.sh: this release's migrations apply before the old replicas go);
#   4. everything else that changed recreated, waited for, and the release checked and noted.
# Usage: upgrade.sh REPLICAS PULL(1|0|bundle) <compose command...>
set -euo pipefail
replicas=$1 pull=$2
shift 2
compose=("$@")
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
source infra/compose/images.sh
source infra/compose/replace.sh
target=$(infra/compose/version.sh checkout)
running_version() { infra/compose/version.sh running "${compose[@]}"; }

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

echo "1. The images of $target"
case $pull in
  1) "${compose[@]}" pull --ignore-pull-failures db && "${compose[@]}" build --pull ;;
  0) "${compose[@]}" build ;;
  bundle) echo "   loaded from the bundle" ;;
esac

echo "2. A backup with its settings, and what running $from needs again"
infra/compose/private.sh
stamp=$(date -u +%Y%m%d-%H%M%S)
kept=before-upgrade/$stamp-from-${from:-unknown}
if ! "${compose[@]}" run --rm --no-deps -T -e "BACKUP_INTO=$kept" --entrypoint bash backup /backup/backup.sh; then
  echo "The backup failed: nothing was changed. See its lines above." >&2
  exit 1
fi
# The images each service of $from runs, by id, kept under $from's tag as well (a build of the
# same tag later cannot take them away), and the commit it was started from.
{
  echo "version ${from:-unknown}"
  echo "commit $(infra/compose/version.sh commit-of "$from")"
  while read -r service image; do
    container=$("${compose[@]}" ps -q "$service" 2>/dev/null | head -n 1)
    [[ -n $container ]] || continue
    id=$(docker inspect -f '{{.Image}}' "$container")
    echo "image $service $(docker inspect -f '{{.Config.Image}}' "$container") $id"
    [[ -z $from ]] || docker tag "$id" "${image%:*}:$from"
  done < <(project_images)
} >"backups/$kept/release"
echo "   backups/$kept: make rollback returns to $from; make restore FILE=backups/$kept/<name>.dump puts its database back"

echo "3. The contact-service's own database role, and the service replaced while it serves (${#old[@]} running)"
# Before the new release's replicas start, which connect as that role; the old ones are not
# disturbed (service-role.sh).
infra/compose/service-role.sh "${compose[@]}"
replace_service "$replicas"

echo "4. Everything else that changed"
"${compose[@]}" up -d --no-build --scale "contact-service=$replicas"
# What the replaced backup container wrote since step 2 becomes the new one's (private.sh).
infra/compose/private.sh
infra/compose/wait-healthy.sh "${compose[@]}"
now=$(running_version)
[[ $now == "$target" ]] || {
  echo "The stack reports ${now:-nothing}, not $target." >&2
  exit 1
}
infra/compose/version.sh record
# This upgrade succeeded: the backups taken before earlier ones go (each was kept until now).
for earlier in backups/before-upgrade/*/; do
  [[ ${earlier%/} == "backups/$kept" ]] || rm -rf "$earlier"
done
echo "The stack runs $target. Back to $from with make rollback (docs/upgrading.md, \"Rolling back\")."
