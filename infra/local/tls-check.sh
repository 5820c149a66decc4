#!/usr/bin/env bash
# HTTPS of the shipped nginx configuration, checked from outside on a stack of its own
# (infra/local/stack-up.sh), in both of its modes:
#   files  a certificate from a throwaway CA: curl (HTTP/2, HSTS only over HTTPS, the redirect,
#          the ACME challenge folder, the API);
#   acme   Pebble (Let's Encrypt's test ACME server) on loopback issues the certificate through
#          the certificates service's script (lego, http-01 answered by nginx), nginx picks it up
#          by itself; testssl.sh then finds nothing above LOW, and a forced renewal is served
#          while a browser-like client keeps loading pages (reload-load.mjs), none failing.
# Stops what it started. Usage: tls-check.sh (after the builds; make ci runs it).
# STACK_DATABASE_URL as for stack-up.
set -uo pipefail
cd "$(dirname "$0")/../.." || exit
source infra/shell-lib.sh
source infra/local/pebble.sh
# What it starts, named in one line before anything starts (README, "HTTPS"). Debian's
# testssl.sh package names its command testssl.
testssl=$(command -v testssl || command -v testssl.sh)
need_commands "make tls-check" "${testssl:-testssl.sh}" nginx pebble lego openssl || exit 1
tmp=$(mktemp -d)
load_pid=
cleanup() {
  infra/local/stack-down.sh >/dev/null 2>&1
  [[ -z $load_pid ]] || kill "$load_pid" 2>/dev/null
  stop_pebble
  rm -rf "$tmp"
}
on_exit cleanup

echo "A throwaway CA and a certificate for localhost (ECDSA P-256)"
throwaway_certificate "$tmp" site "DNS:localhost,IP:127.0.0.1"
cat "$tmp/site.pem" "$tmp/site-ca.pem" >"$tmp/fullchain.pem"

infra/local/stack-down.sh >/dev/null 2>&1
TLS_MODE=files TLS_CERTIFICATE="$tmp/fullchain.pem" TLS_CERTIFICATE_KEY="$tmp/site.key" \
  STACK_SKIP_BUILD=1 infra/local/stack-up.sh || exit 1

site=https://localhost:8443
trusted=(--cacert "$tmp/site-ca.pem")
echo "HTTPS on 8443, plain HTTP on 8080 only redirects"
check "the home page is served over HTTPS with the certificate" \
  curl -fsS "${trusted[@]}" -o /dev/null "$site/"
check "over HTTP/2" \
  test "$(curl -s "${trusted[@]}" --http2 -o /dev/null -w '%{http_version}' "$site/")" = 2
check "with Strict-Transport-Security" \
  bash -c "curl -sI ${trusted[*]} '$site/' | grep -qi '^strict-transport-security: max-age='"
redirect=$(curl -s -o /dev/null -D - http://localhost:8080/about?x=1 | tr -d '\r')
check "http://…:8080/about?x=1 is a 301 to $site/about?x=1" \
  bash -c "grep -q '^HTTP/1.1 301' <<<'$redirect' && grep -qi '^location: $site/about?x=1$' <<<'$redirect'"
check "and carries no Strict-Transport-Security (browsers ignore it over HTTP)" \
  bash -c "! grep -qi '^strict-transport-security' <<<'$redirect'"
mkdir -p .stack/web/acme/.well-known/acme-challenge
echo token-proof >.stack/web/acme/.well-known/acme-challenge/check-token
check "an ACME http-01 challenge is answered over plain HTTP, not redirected" \
  test "$(curl -s http://localhost:8080/.well-known/acme-challenge/check-token)" = token-proof
answer=$(curl -s "${trusted[@]}" -o "$tmp/post.json" -w '%{http_code}' -X POST "$site/api/contact" \
  -H 'Content-Type: application/json' \
  --data '{"name":"TLS Check","email":"tls@example.com","company":"CI","role":"Reviewer"}')
check "the API answers through HTTPS (a POST stores a lead: 201)" test "$answer" = 201
[[ $answer == 201 ]] || echo "  the POST was answered $answer: $(head -c 300 "$tmp/post.json")"
check "TLS 1.1 is refused" bash -c "! openssl s_client -connect localhost:8443 -tls1_1 </dev/null"

echo "ACME: Pebble issues the certificate, nginx serves it, a forced renewal drops nothing"
start_pebble "$tmp"
infra/local/stack-down.sh >/dev/null 2>&1
TLS_MODE=acme CONSOLE_TLS=true TLS_DIR="$tmp/tls-acme" TLS_RELOAD_SECONDS=1 STACK_SKIP_BUILD=1 \
  infra/local/stack-up.sh || exit 1
check "before its first certificate the site answers over plain HTTP" \
  curl -fsS -o /dev/null http://127.0.0.1:8080/
check "  and the console (CONSOLE_TLS=true) shows nothing over plain HTTP: 503 until it has one" \
  test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8081/console/sign-in)" = 503
check "the certificates service obtains one from Pebble (http-01 answered by nginx)" \
  obtain_certificate
pebble=(--cacert "$tmp/pebble-root.pem")
served() { # the serial of the certificate nginx serves now
  openssl s_client -connect localhost:8443 -servername localhost </dev/null 2>/dev/null |
    openssl x509 -noout -serial 2>/dev/null
}
within 10 url_ok "$site/" "${pebble[@]}" || true
check "nginx serves it within seconds, without a restart (trusted through Pebble's root)" \
  curl -fsS "${pebble[@]}" -o /dev/null "$site/"
issuer=$(openssl s_client -connect localhost:8443 </dev/null 2>/dev/null | openssl x509 -noout -issuer)
echo "  served: $(served); $issuer"
check "it is the certificate Pebble issued" grep -qi pebble <<<"$issuer"
check "and plain HTTP now redirects to HTTPS" \
  test "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:8080/)" = 301
check "the console (CONSOLE_TLS=true) is served over HTTPS with the same certificate" \
  curl -fsS "${pebble[@]}" -o /dev/null https://localhost:8081/console/sign-in
check "with Strict-Transport-Security, its API asking for a session (401)" bash -c \
  "curl -sI ${pebble[*]} https://localhost:8081/console/sign-in | grep -qi '^strict-transport-security:' &&
   [[ \$(curl -s ${pebble[*]} -o /dev/null -w '%{http_code}' https://localhost:8081/api/console/me) == 401 ]]"

echo "testssl.sh against it (protocols, ciphers, vulnerabilities; Pebble's root trusted)"
"$testssl" --quiet --color 0 --warnings off --add-ca "$tmp/pebble-root.pem" \
  --jsonfile "$tmp/testssl.json" --protocols --server-defaults --each-cipher --vulnerable \
  --headers "$site/" >"$tmp/testssl.log" 2>&1
node infra/local/testssl-summary.mjs "$tmp/testssl.json" --pebble --prerendered-page
check "testssl.sh finds nothing above LOW in the configuration" test $? -eq 0

before=$(served)
# Load as visitors' browsers make it while the certificate changes (reload-load.mjs): HTTP/2
# connections reused for several pages, and new ones. The reload ends the old workers'
# connections with a GOAWAY (NO_ERROR); a request it declares unprocessed (a stream above its
# last-stream-id, or RST_STREAM REFUSED_STREAM) a browser sends again on a new connection, and so
# does the script, counting it apart. curl (one connection per request) reported such a request
# as failed ("Error in the HTTP2 framing layer") in one run of several, where no visitor sees an
# error (docs/development.md, "CI"). Anything else fails as before: a status other than 200, an
# error after the server accepted the stream, no answer within 10 s. Stopped by a flag file
# rather than a signal, so that no request is cut off half-way and counted as nginx's failure.
node infra/local/reload-load.mjs --ca "$tmp/pebble-root.pem" --stop "$tmp/load.stop" \
  "$site" / /about /favicon.svg >"$tmp/load.txt" 2>&1 &
load_pid=$!
sleep 1
check "a forced renewal is issued and installed" \
  env "${ACME_ENV[@]}" infra/certificates/certificates.sh --force
renewed() { [[ $(served) != "$before" ]]; }
within 10 renewed || true
sleep 1
touch "$tmp/load.stop"
wait "$load_pid" 2>/dev/null
load_pid=
after=$(served)
# Its last line: "totals: requests=N retried=N failed=N connections=N certificates=N". A run
# that printed none (it crashed) counts as failed. (Not $failed: check counts the failed checks
# in that variable.)
totals=$(sed -n 's/^totals: //p' "$tmp/load.txt")
total() { sed -n "s/.*\b$1=\([0-9]*\).*/\1/p" <<<"$totals"; }
requests=$(total requests) retried=$(total retried) not_ok=$(total failed)
echo "  serial before: $before; after: $after; requests during the renewal: ${requests:-?}," \
  "retried as a browser would: ${retried:-?}, failed: ${not_ok:-?}"
grep -v '^totals: ' "$tmp/load.txt" | sed 's/^/  /'
check "nginx now serves the renewed certificate" test "$after" != "$before"
# Connections on both certificates: the load spanned the change.
check "the requests spanned it (their connections were served both certificates)" \
  test "$(total certificates)" = 2
# shellcheck disable=SC2016 # expanded by bash -c
check "no request failed while it changed (${requests:-?} requests, ${retried:-?} retried)" \
  bash -c '[[ $1 == 0 && $2 -gt 0 ]]' _ "${not_ok:-none}" "${requests:-0}"

checks_summary
