#!/usr/bin/env bash
# `make bundle`: this release as one file that installs on a machine with no registry in reach
# (docs/go-live.md, "Installing"): .artifacts/bundle/proposal-site-<version>.tar, holding
#   source.bundle   the repository up to this commit (git bundle): `git clone` it, `git fetch` it
#                   to upgrade, and `make rollback` finds the earlier releases' commits in it
#   images.tar      every image the stack runs (infra/compose/images.sh), built here from this
#                   checkout with .env's site values (the site is built into the web image)
#   sbom/           each project image's bill of materials (CycloneDX), as the image carries it
#   release         the version, the commit and each image's id
#   SHA256SUMS      of all of the above; `make up BUNDLE=…` checks it before it loads anything
# Only a commit is bundled: changes to tracked files stop it. Usage: bundle.sh <compose command...>
set -euo pipefail
compose=("$@")
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
source infra/compose/images.sh
version=$(infra/compose/version.sh checkout)
if [[ -n $(git status --porcelain --untracked-files=no) ]]; then
  echo "make bundle packs a commit: commit or set aside the changes to tracked files first (git status)." >&2
  exit 1
fi
commit=$(git rev-parse HEAD)
name=proposal-site-$version
out=.artifacts/bundle
rm -rf "${out:?}/$name" "$out/$name.tar"
mkdir -p "$out/$name/sbom"
staging=$out/$name

step "The images of $version ($commit), built from this checkout"
"${compose[@]}" --profile acme build
mapfile -t images < <(stack_images)
for image in "${images[@]}"; do
  docker image inspect "$image" >/dev/null 2>&1 || docker pull "$image"
done

step "The repository, the images and their bills of materials"
git bundle create --quiet "$staging/source.bundle" HEAD
docker save -o "$staging/images.tar" "${images[@]}"
while read -r service image; do
  docker run --rm --entrypoint cat "$image" /sbom/bom.cdx.json >"$staging/sbom/$service.cdx.json"
done < <(project_images)
{
  echo "version $version"
  echo "commit $commit"
  for image in "${images[@]}"; do echo "image $image $(docker image inspect -f '{{.Id}}' "$image")"; done
} >"$staging/release"
sums=$(cd "$staging" && find . -type f -printf '%P\n' | sort | xargs sha256sum)
printf '%s\n' "$sums" >"$staging/SHA256SUMS"
tar -cf "$out/$name.tar" -C "$out" "$name"
rm -rf "$staging"
echo "Wrote $out/$name.tar ($(du -h "$out/$name.tar" | cut -f1); sha256 $(sha256sum "$out/$name.tar" | cut -d' ' -f1))."
echo "On the machine it goes to: tar -xf $name.tar, then docs/go-live.md, \"Installing\"."
