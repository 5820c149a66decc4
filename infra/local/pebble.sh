# shellcheck shell=bash
# Sourced: Pebble, Let's Encrypt's test ACME server (Debian's pebble package), for the stack's
# HTTPS in tests: tls-check.sh, the browser suite (e2e/scripts/run-e2e.sh) and the container
# stack's ACME step in CI (.ci/container-acme.sh), each after sourcing infra/shell-lib.sh, whose
# within and url_ok it uses.
#   throwaway_certificate DIR NAME SANS   a test CA and a certificate of its (below)
#   start_pebble DIR   starts it with a throwaway CA for its own HTTPS listener (files in DIR);
#                      sets PEBBLE_PID and ACME_ENV (the certificates service's settings for it)
#   obtain_certificate obtains the site's certificate into DIR/tls-acme through nginx (stack-up
#                      must run with TLS_MODE=acme TLS_DIR=DIR/tls-acme), then writes Pebble's
#                      root to DIR/pebble-root.pem and the served issuer's key hash (Chromium's
#                      --ignore-certificate-errors-spki-list) to DIR/issuer-spki.txt
#   stop_pebble
# A certificate from a CA of its own, both thrown away after the test: DIR/NAME-ca.pem, and
# DIR/NAME.pem with its key DIR/NAME.key for the subject alternative names given
# ("DNS:localhost,IP:127.0.0.1").
throwaway_certificate() {
  local dir=$1 name=$2 names=$3
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -subj "/CN=$name test CA" -keyout "$dir/$name-ca.key" -out "$dir/$name-ca.pem" 2>/dev/null
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj "/CN=$name" \
    -keyout "$dir/$name.key" -out "$dir/$name.csr" 2>/dev/null
  printf 'subjectAltName=%s\nextendedKeyUsage=serverAuth\n' "$names" >"$dir/$name.ext"
  openssl x509 -req -in "$dir/$name.csr" -CA "$dir/$name-ca.pem" -CAkey "$dir/$name-ca.key" \
    -CAcreateserial -days 2 -extfile "$dir/$name.ext" -out "$dir/$name.pem" 2>/dev/null
}

# start_pebble DIR [LISTEN_HOST] [HTTP_PORT] [DNS_SERVER]: Pebble's directory on LISTEN_HOST:14000
# (127.0.0.1), validating http-01 on HTTP_PORT (8080, nginx's plain-HTTP port), resolving names
# with DNS_SERVER when one is given (else as this machine does).
start_pebble() {
  local dir=$1 listen=${2:-127.0.0.1} http_port=${3:-8080} dns=${4:-}
  # Its own HTTPS listener, for the names a client may reach it by (a container: the host's).
  throwaway_certificate "$dir" pebble "DNS:localhost,DNS:host.docker.internal,IP:127.0.0.1"
  # No random waits, no nonces refused on purpose: a quick, steady test.
  cat >"$dir/pebble.json" <<JSON
{ "pebble": { "listenAddress": "$listen:14000", "managementListenAddress": "127.0.0.1:15000",
  "certificate": "$dir/pebble.pem", "privateKey": "$dir/pebble.key",
  "httpPort": $http_port, "tlsPort": 5001, "ocspResponderURL": "", "externalAccountBindingRequired": false } }
JSON
  PEBBLE_VA_NOSLEEP=1 PEBBLE_WFE_NONCEREJECT=0 pebble -config "$dir/pebble.json" \
    ${dns:+-dnsserver "$dns"} >"$dir/pebble.log" 2>&1 &
  PEBBLE_PID=$!
  PEBBLE_DIR=$dir
  within 10 url_ok https://localhost:14000/dir --cacert "$dir/pebble-ca.pem" || true
  ACME_ENV=(SITE_DOMAIN=localhost ACME_EMAIL=operators@proposals.test
    ACME_DIRECTORY=https://localhost:14000/dir ACME_CA_BUNDLE="$dir/pebble-ca.pem"
    ACME_WEBROOT="$PWD/.stack/web/acme" ACME_STATE="$dir/acme" TLS_DIR="$dir/tls-acme")
}

obtain_certificate() {
  env "${ACME_ENV[@]}" infra/certificates/certificates.sh --once || return 1
  curl -fs --cacert "$PEBBLE_DIR/pebble-ca.pem" https://localhost:15000/roots/0 >"$PEBBLE_DIR/pebble-root.pem"
  # The issuer nginx serves in the chain: Chromium trusts it by the hash of its public key.
  awk 'n == 1; /END CERTIFICATE/ { n++ }' "$PEBBLE_DIR/tls-acme/fullchain.pem" |
    sed -n '/BEGIN/,/END/p' | openssl x509 -pubkey -noout |
    openssl pkey -pubin -outform der | openssl dgst -sha256 -binary | base64 >"$PEBBLE_DIR/issuer-spki.txt"
}

stop_pebble() {
  [[ -z ${PEBBLE_PID:-} ]] || kill "$PEBBLE_PID" 2>/dev/null || true
  PEBBLE_PID=
}
