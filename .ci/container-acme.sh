# shellcheck shell=bash
# Sourced by .ci/container-stack.sh inside its network namespace, after the stack's other
# checks: the container stack with TLS_MODE=acme. Pebble (infra/local/pebble.sh) and its DNS run
# beside the daemon; the certificates container obtains web's certificate from it, testssl.sh
# checks web's TLS, a forced renewal is served while requests keep coming, and the certificate
# survives make down / make up. Uses the caller's is, site and tools_node, and the functions of
# infra/shell-lib.sh, which the caller sources.
step "HTTPS over ACME (TLS_MODE=acme): Pebble in this namespace issues web's certificate"
# Pebble validates http-01 at proposals.test on the published HTTP port, which its DNS
# (pebble-challtestsrv) answers with this namespace's loopback; the certificates container
# reaches Pebble at host.docker.internal (.ci/compose.acme.yml).
acme=$(mktemp -d)
web_port=$(sed -n 's/^WEB_PORT=//p' .env)
tls_port=$(sed -n 's/^WEB_TLS_PORT=//p' .env)
pebble-challtestsrv -defaultIPv4 127.0.0.1 -defaultIPv6 '' -dns01 127.0.0.1:8053 -http01 '' \
  -https01 '' -tlsalpn01 '' -management 127.0.0.1:8055 >"$acme/challtestsrv.log" 2>&1 &
dns_pid=$!
source infra/local/pebble.sh
start_pebble "$acme" 0.0.0.0 "$web_port" 127.0.0.1:8053
# Stopped below; and on the way out, should a step before that stop the script.
# shellcheck disable=SC2016 # expanded when the exit trap runs
on_exit 'stop_pebble; kill "$dns_pid" 2>/dev/null'
install -m 644 "$acme/pebble-ca.pem" tls/acme-ca.pem
sed -i -e 's|^TLS_MODE=.*|TLS_MODE=acme|' -e 's|^SITE_DOMAIN=.*|SITE_DOMAIN=proposals.test|' \
  -e 's|^ACME_EMAIL=.*|ACME_EMAIL=operators@proposals.test|' \
  -e 's|^ACME_DIRECTORY=.*|ACME_DIRECTORY=https://host.docker.internal:14000/dir|' \
  -e 's|^ACME_CA_BUNDLE=.*|ACME_CA_BUNDLE=/srv/web/tls/acme-ca.pem|' \
  -e 's|^COMPOSE_FILE=.*|&:.ci/compose.acme.yml|' .env
echo "TLS_RELOAD_SECONDS=2" >>.env
# What the Makefile sets for TLS_MODE=acme, for the compose commands below.
export COMPOSE_PROFILES=acme
make --no-print-directory up
curl -fs --cacert "$acme/pebble-ca.pem" https://127.0.0.1:15000/roots/0 >"$acme/pebble-root.pem"
https_site=https://proposals.test:$tls_port
pebble_trust=(--resolve "proposals.test:$tls_port:127.0.0.1" --cacert "$acme/pebble-root.pem")
served_serial() {
  openssl s_client -connect "127.0.0.1:$tls_port" -servername proposals.test </dev/null 2>/dev/null |
    openssl x509 -noout -serial -issuer 2>/dev/null | tr '\n' ' ' || true
}
within 120 url_ok "$https_site/" "${pebble_trust[@]}" || true
check "web serves the site over HTTPS with the certificate Pebble issued" \
  curl -fsS "${pebble_trust[@]}" -o /dev/null "$https_site/"
before=$(served_serial)
echo "  served: $before"
check "its issuer is Pebble" grep -qi pebble <<<"$before"
# shellcheck disable=SC2154 # set by .ci/container-stack.sh, which sources this file
check "the published HTTP port only redirects to HTTPS" \
  is "$(curl -s -o /dev/null -w '%{http_code} %header{location}' -H 'Host: proposals.test' "$site/about")" \
  "301 https://proposals.test:$tls_port/about"
echo "  testssl.sh against web's HTTPS (Pebble's root trusted):"
testssl --quiet --color 0 --warnings off --ip 127.0.0.1 --add-ca "$acme/pebble-root.pem" \
  --jsonfile "$acme/testssl.json" --protocols --server-defaults --each-cipher --vulnerable \
  --headers "$https_site/" >"$acme/testssl.log" 2>&1 || true
if "${tools_node:+$tools_node/}node" infra/local/testssl-summary.mjs "$acme/testssl.json" --pebble --prerendered-page; then
  tls_findings=none
else
  tls_findings=some
fi
check "testssl.sh finds nothing above LOW in web's TLS configuration" is "$tls_findings" none
check "over HTTPS the API stores a lead (201)" is "$(curl -s "${pebble_trust[@]}" -o /dev/null -w '%{http_code}' \
  -X POST "$https_site/api/contact" -H 'Content-Type: application/json' \
  --data '{"name":"HTTPS Check","email":"https@example.com","company":"CI","role":"Operator"}')" 201
load=$(mktemp)
# Browsers' load while the certificate changes, counted as a visitor sees it (tls-check.sh and
# infra/local/reload-load.mjs say why a request refused by the reload's GOAWAY is sent again).
"${tools_node:+$tools_node/}node" infra/local/reload-load.mjs --ca "$acme/pebble-root.pem" \
  --stop "$load.stop" --address 127.0.0.1 "$https_site" / /about /favicon.svg >"$load" 2>&1 &
load_pid=$!
check "a forced renewal in the certificates container" \
  docker-compose exec -T certificates certificates.sh --force
renewed() { [[ $(served_serial) != "$before" ]]; }
within 30 renewed || true
sleep 1
touch "$load.stop"
wait "$load_pid" 2>/dev/null || true
after=$(served_serial)
totals=$(sed -n 's/^totals: //p' "$load")
echo "  after the renewal: $after; the load meanwhile: ${totals:-no totals}"
grep -v '^totals: ' "$load" | sed 's/^/  /' || true
check "web serves the renewed certificate without a restart" test "$after" != "$before"
check "the requests spanned it (their connections were served both certificates)" \
  grep -q 'certificates=2' <<<"$totals"
# shellcheck disable=SC2016 # expanded by bash -c
check "and no request failed while it changed" \
  bash -c '[[ $1 =~ requests=([0-9]+).*failed=0 ]] && ((BASH_REMATCH[1] > 0))' _ "$totals"
check "the certificate survives a restart of the stack" bash -c \
  "make --no-print-directory down >/dev/null && make --no-print-directory up >/dev/null && [[ \$(openssl s_client -connect 127.0.0.1:$tls_port -servername proposals.test </dev/null 2>/dev/null | openssl x509 -noout -serial -issuer | tr '\n' ' ') == '$after' ]]"
stop_pebble
kill "$dns_pid" 2>/dev/null || true
rm -f "$load" "$load.stop" tls/acme-ca.pem
