# Sourced: Pebble, Let's Encrypt's test ACME server (Debian's pebble package), on loopback for
# the local stack's HTTPS, as tls-check.sh and the browser suite (e2e/scripts/run-e2e.sh) use it.
#   start_pebble DIR   starts it with a throwaway CA for its own HTTPS listener (files in DIR);
#                      sets PEBBLE_PID and ACME_ENV (the certificates service's settings for it)
#   obtain_certificate obtains the site's certificate into DIR/tls-acme through nginx (stack-up
#                      must run with TLS_MODE=acme TLS_DIR=DIR/tls-acme), then writes Pebble's
#                      root to DIR/pebble-root.pem and the served issuer's key hash (Chromium's
#                      --ignore-certificate-errors-spki-list) to DIR/issuer-spki.txt
#   stop_pebble
start_pebble() {
  local dir=$1
  openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -days 2 \
    -subj '/CN=Pebble listener CA' -keyout "$dir/pebble-ca.key" -out "$dir/pebble-ca.pem" 2>/dev/null
  openssl req -newkey ec -pkeyopt ec_paramgen_curve:P-256 -nodes -subj '/CN=localhost' \
    -keyout "$dir/pebble.key" -out "$dir/pebble.csr" 2>/dev/null
  printf 'subjectAltName=DNS:localhost,IP:127.0.0.1\n' >"$dir/pebble.ext"
  openssl x509 -req -in "$dir/pebble.csr" -CA "$dir/pebble-ca.pem" -CAkey "$dir/pebble-ca.key" \
    -CAcreateserial -days 2 -extfile "$dir/pebble.ext" -out "$dir/pebble.pem" 2>/dev/null
  # Validation reaches nginx's plain-HTTP port (8080); no random waits, no nonces refused on
  # purpose: a quick, steady test.
  cat >"$dir/pebble.json" <<JSON
{ "pebble": { "listenAddress": "127.0.0.1:14000", "managementListenAddress": "127.0.0.1:15000",
  "certificate": "$dir/pebble.pem", "privateKey": "$dir/pebble.key",
  "httpPort": 8080, "tlsPort": 5001, "ocspResponderURL": "", "externalAccountBindingRequired": false } }
JSON
  PEBBLE_VA_NOSLEEP=1 PEBBLE_WFE_NONCEREJECT=0 pebble -config "$dir/pebble.json" >"$dir/pebble.log" 2>&1 &
  PEBBLE_PID=$!
  PEBBLE_DIR=$dir
  for _ in $(seq 1 50); do
    curl -fs --cacert "$dir/pebble-ca.pem" -o /dev/null https://localhost:14000/dir && break
    sleep 0.2
  done
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
