#!/usr/bin/env bash
# `make sbom`: the bill of materials of each image of the container stack (built by `make up`),
# copied out of the image into .artifacts/sbom/<service>.cdx.json, and checked: valid CycloneDX,
# and complete against what the image really carries (its node_modules and its Debian packages,
# listed from a container of the image). The images keep theirs at /sbom/bom.cdx.json.
set -euo pipefail
compose=$1
cd "$(dirname "$0")/../.."
out=.artifacts/sbom
mkdir -p "$out"
in_image() { # service entrypoint args... -> the command's output in a one-off container
  local service=$1 entrypoint=$2
  shift 2
  # The certificates service belongs to the acme profile: named here, it needs it on.
  COMPOSE_PROFILES=acme $compose run --rm --no-deps -T -v "$PWD/infra/sbom:/sbom-tools:ro" \
    --entrypoint "$entrypoint" "$service" "$@"
}
status=0
services=(contact-service web backup)
# The certificates image, when it was built (TLS_MODE=acme, or CI).
source infra/compose/images.sh
docker image inspect "$(project_images | awk '$1 == "certificates" { print $2 }')" >/dev/null 2>&1 && services+=(certificates)
for service in "${services[@]}"; do
  in_image "$service" cat /sbom/bom.cdx.json >"$out/$service.cdx.json"
  # shellcheck disable=SC2016 # dpkg-query's own format
  in_image "$service" dpkg-query -W -f '${Package} ${Version} ${Architecture}\n' >"$out/$service.dpkg.txt"
  lists=(--dpkg "$out/$service.dpkg.txt")
  if [[ $service == contact-service ]]; then
    in_image "$service" node /sbom-tools/list-node-modules.mjs /app/node_modules >"$out/$service.node-modules.txt"
    lists+=(--node-modules "$out/$service.node-modules.txt")
  fi
  node infra/sbom/check-sbom.mjs "$out/$service.cdx.json" "${lists[@]}" || status=1
done
echo "The bills of materials are in $out/"
exit $status
