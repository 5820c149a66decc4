#!/usr/bin/env bash
# `make up BUNDLE=…` and `make upgrade BUNDLE=…`: the images of an unpacked bundle (make bundle)
# loaded into Docker, so that nothing is built and no registry is asked. It checks first, and
# changes nothing when a check fails: every file against the bundle's SHA256SUMS (images.tar
# included), and the bundle's release against this checkout's; afterwards, that every image the
# stack runs is there. Usage: load-bundle.sh FOLDER
set -euo pipefail
bundle=${1%/}
cd "$(dirname "$0")/../.."
source infra/compose/images.sh
[[ -f $bundle/SHA256SUMS && -f $bundle/release ]] ||
  {
    echo "BUNDLE=$bundle is not an unpacked bundle (no SHA256SUMS and release in it): tar -xf proposal-site-<version>.tar first." >&2
    exit 1
  }
if ! (cd "$bundle" && sha256sum --quiet --strict -c SHA256SUMS); then
  echo "The bundle in $bundle does not match its SHA256SUMS: copy it again; nothing was loaded." >&2
  exit 1
fi
version=$(sed -n 's/^version //p' "$bundle/release")
commit=$(sed -n 's/^commit //p' "$bundle/release")
checkout=$(infra/compose/version.sh checkout)
if [[ $version != "$checkout" ]]; then
  echo "The bundle holds release $version and this checkout is $checkout: git fetch $bundle/source.bundle && git checkout $commit, then again." >&2
  exit 1
fi
echo "Loading the images of $version from $bundle"
docker load -q -i "$bundle/images.tar"
missing=0
while read -r image; do
  docker image inspect "$image" >/dev/null 2>&1 || {
    echo "The bundle did not bring $image, which this release runs." >&2
    missing=1
  }
done < <(stack_images)
exit $missing
