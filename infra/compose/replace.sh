# The contact-service moved to the image the compose file names while it serves, for `make
# upgrade` and `make rollback` (sourced, never run; its functions use the array `compose`, the
# compose command). Stand-ins on that image start first, answering by the service's name beside
# the old replicas (on an upgrade they apply the release's migrations, which the old code must
# survive; migrations only add), and take requests once healthy; then the replicas are recreated
# on that image, keeping their names; then the stand-ins go. Nothing is built here.
# shellcheck shell=bash
healthy() { [[ $(docker inspect -f '{{if .State.Health}}{{.State.Health.Status}}{{end}}' "$1" 2>/dev/null) == healthy ]]; }
all_healthy() { # container... -> all are healthy now
  local id
  for id in "$@"; do healthy "$id" || return 1; done
}
# shellcheck disable=SC2154 # compose: the array of the script that sources this file
service_ids() { "${compose[@]}" ps -q contact-service 2>/dev/null | sort; }

replace_service() { # REPLICAS
  local replicas=$1 i name stand_ins=() replaced
  for i in $(seq 1 "$replicas"); do
    name=contact-service-replace-$(date -u +%Y%m%d%H%M%S)-$i
    "${compose[@]}" run -d --no-deps --use-aliases --name "$name" contact-service >/dev/null
    stand_ins+=("$name")
  done
  if ! within 240 all_healthy "${stand_ins[@]}"; then
    echo "The new contact-service did not become healthy within 4 minutes; the old replicas keep serving. Its log:" >&2
    docker logs --tail 30 "${stand_ins[0]}" >&2 || true
    docker rm -f "${stand_ins[@]}" >/dev/null
    return 1
  fi
  # web finds them by name within 10 s; the old replicas finish what they hold as they are replaced.
  sleep 10
  "${compose[@]}" up -d --no-build --no-deps --scale "contact-service=$replicas" contact-service
  mapfile -t replaced < <(service_ids)
  within 240 all_healthy "${replaced[@]}" || echo "The recreated replicas are not healthy yet; the next step waits for them." >&2
  sleep 10
  docker stop -t 20 "${stand_ins[@]}" >/dev/null
  docker rm "${stand_ins[@]}" >/dev/null
}
