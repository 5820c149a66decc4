#!/usr/bin/env bash
# `make rollback [YES=1]`: the container stack back to the release the last `make upgrade`
# replaced, while it serves, with nothing restored: migrations only add, so the earlier release's
# code runs on the database as it is now and every lead received since the upgrade stays
# (docs/upgrading.md, "Rolling back", says when that is not enough). From what the upgrade noted in
# backups/before-upgrade/*/release: the earlier release's images are started again by their id
# (nothing is built, no registry asked), and this checkout goes to its commit (detached), so that
# the files the stack mounts and the compose file are that release's again.
# It checks before it changes anything: the note is there and the stack runs the release that
# replaced it, the commit is in this repository, no tracked file has local changes, and every
# image is still on this machine.
# Usage: rollback.sh REPLICAS YES <compose command...>
set -euo pipefail
# All of it runs from memory: the checkout below changes the files this script comes from.
main() {
  local replicas=$1 yes=$2
  shift 2
  compose=("$@")
  cd "$(dirname "$0")/../.."
  source infra/shell-lib.sh
  source infra/compose/replace.sh

  local note version commit running back
  note=$(find backups/before-upgrade -mindepth 2 -maxdepth 2 -name release 2>/dev/null | sort | tail -n 1)
  [[ -n $note ]] || refuse "No upgrade to roll back: make rollback returns to the release the last make upgrade replaced, and backups/before-upgrade/ notes none."
  version=$(sed -n 's/^version //p' "$note")
  commit=$(sed -n 's/^commit //p' "$note")
  running=$(infra/compose/version.sh running "${compose[@]}")
  [[ -n $running ]] || refuse "The container stack is not running: start it with make up, then roll back."
  [[ $running != "$version" ]] || refuse "The stack runs $version already."
  if [[ $version == unknown || -z $commit ]] || ! git cat-file -e "$commit^{commit}" 2>/dev/null; then
    refuse "This repository lacks the commit of $version (${commit:-not noted}): git fetch it (or the release's bundle, git fetch <bundle>/source.bundle), then again."
  fi
  [[ -z $(git status --porcelain --untracked-files=no) ]] ||
    refuse "Tracked files have local changes (git status): a rollback checks out $version's commit."
  local service image id images=()
  while read -r service image id; do
    docker image inspect "$id" >/dev/null 2>&1 ||
      refuse "The $service image of $version ($id) is no longer on this machine: make up BUNDLE=… with $version's bundle instead."
    images+=("$image $id")
  done < <(sed -n 's/^image //p' "$note")
  ((${#images[@]} > 0)) || refuse "$note names no image of $version."

  back=$(git symbolic-ref -q --short HEAD || git rev-parse HEAD)
  echo "Rolling the stack back from $running to $version (commit ${commit:0:12}, $note)."
  echo "The database stays as it is, with every lead since the upgrade; nothing is restored."
  if [[ -z $yes ]]; then
    read -r -p "Roll back? [y/N] " answer
    [[ $answer == [yY]* ]] || refuse "Not rolled back."
  fi

  echo "1. $version's images under the names its compose file gives them, and its commit"
  local pair
  for pair in "${images[@]}"; do docker tag "${pair#* }" "${pair% *}"; done
  git checkout --quiet --detach "$commit"
  echo "2. The contact-service replaced while it serves"
  replace_service "$replicas"
  echo "3. Everything else"
  "${compose[@]}" up -d --no-build --scale "contact-service=$replicas"
  infra/compose/wait-healthy.sh "${compose[@]}"
  running=$(infra/compose/version.sh running "${compose[@]}")
  [[ $running == "$version" ]] || {
    echo "The stack reports ${running:-nothing}, not $version." >&2
    exit 1
  }
  printf 'version %s\ncommit %s\n' "$version" "$commit" >.release
  echo "The stack runs $version again. The backup taken before the upgrade stays in ${note%/release}/."
  echo "To upgrade again: git checkout $back && make upgrade."
}
main "$@"
exit
