#!/bin/sh
# Renders how the public server listens, from TLS_MODE (docs/configuration.md, "HTTPS"):
#   off    plain HTTP on 8080, for a TLS terminator in front (a load balancer, an Ingress): the
#          default, and today's behaviour;
#   files  HTTPS on 8443 with the certificate and key an operator provides (TLS_CERTIFICATE,
#          TLS_CERTIFICATE_KEY: a full chain and its key, PEM), and on 8080 only a redirect to
#          HTTPS and the ACME challenge folder;
#   acme   the same with the certificate the certificates service obtains and renews over ACME
#          (infra/certificates/certificates.sh) into TLS_DIR.
# The HTTPS server takes snippets/tls.conf (Mozilla intermediate) and HTTP/2; the redirect server
# sends no Strict-Transport-Security (browsers ignore it over HTTP) and no site. TLS_PUBLIC_PORT
# is the HTTPS port visitors reach (443 unless published elsewhere), for the redirect.
# CONSOLE_TLS=true serves the operators' console (8081) over HTTPS with the same certificate, for
# a console reached beyond loopback (its cookie is Secure: browsers keep it over plain HTTP only
# on localhost). A missing or unreadable file, or an unknown mode, stops the start with one line.
#
# The web image runs this from /docker-entrypoint.d/ at start; `make stack-up` runs it too.
# Output: $NGINX_ENVSUBST_OUTPUT_DIR/site-listen.conf, site-redirect.conf, console-listen.conf.
set -eu
out=${NGINX_ENVSUBST_OUTPUT_DIR:?NGINX_ENVSUBST_OUTPUT_DIR names the folder of site-listen.conf}
mode=${TLS_MODE:-off}
port=${TLS_PUBLIC_PORT:-443}
case $port in
  '' | *[!0-9]*)
    echo "TLS_PUBLIC_PORT must be a port number; \"$port\" is not" >&2
    exit 1
    ;;
esac

# A switch is true or false; on and off are still read, as release 1.1.0 wrote them.
console_tls=${CONSOLE_TLS:-false}
case $console_tls in
  true | on) console_tls=true ;;
  false | off) console_tls=false ;;
  *)
    echo "CONSOLE_TLS must be true or false; \"$console_tls\" is neither" >&2
    exit 1
    ;;
esac
# The console server: plain HTTP, for loopback (a tunnel, or a proxy on this machine).
console_plain() {
  printf '%s\n' "# CONSOLE_TLS=false (or no certificate yet): plain HTTP, for loopback." \
    "listen 8081;" "listen [::]:8081;" >"$out/console-listen.conf"
}

case $mode in
  off)
    if [ "$console_tls" = true ]; then
      echo "CONSOLE_TLS=true needs TLS_MODE=files or acme: the console uses the site's certificate" >&2
      exit 1
    fi
    printf '%s\n' "# TLS_MODE=off: plain HTTP; a terminator in front serves HTTPS." \
      "listen 8080 default_server;" "listen [::]:8080 default_server;" >"$out/site-listen.conf"
    echo "# TLS_MODE=off: no redirect server." >"$out/site-redirect.conf"
    console_plain
    echo "$0: plain HTTP on 8080 (TLS_MODE=off: HTTPS is the terminator's in front)"
    exit 0
    ;;
  files) ;;
  acme)
    # The certificate the certificates service keeps in TLS_DIR; until the first one is there,
    # plain HTTP serves the site and answers the ACME challenge, and 40-tls-reload.sh renders
    # this again (and reloads nginx) once it arrives.
    dir=${TLS_DIR:-/srv/web/tls-acme}
    TLS_CERTIFICATE=$dir/fullchain.pem
    TLS_CERTIFICATE_KEY=$dir/privkey.pem
    if [ ! -s "$TLS_CERTIFICATE" ] || [ ! -s "$TLS_CERTIFICATE_KEY" ]; then
      printf '%s\n' "# TLS_MODE=acme, no certificate yet: plain HTTP, and the ACME challenges." \
        "listen 8080 default_server;" "listen [::]:8080 default_server;" \
        "include snippets/acme-challenge.conf;" >"$out/site-listen.conf"
      echo "# TLS_MODE=acme, no certificate yet: no redirect server." >"$out/site-redirect.conf"
      if [ "$console_tls" = true ]; then
        # The console is reached beyond loopback: nothing of it over plain HTTP, not even its
        # sign-in screen, until its certificate is there.
        printf '%s\n' "# CONSOLE_TLS=true, no certificate yet: the console waits, over plain HTTP." \
          "listen 8081;" "listen [::]:8081;" "default_type text/plain;" \
          "return 503 'The console waits for its HTTPS certificate (TLS_MODE=acme). Try again in a minute.\\n';" \
          >"$out/console-listen.conf"
      else
        console_plain
      fi
      echo "$0: no certificate in $dir yet: plain HTTP on 8080 until the certificates service brings one" >&2
      exit 0
    fi
    ;;
  *)
    echo "TLS_MODE must be off, files or acme; \"$mode\" is none of them" >&2
    exit 1
    ;;
esac

for name in TLS_CERTIFICATE TLS_CERTIFICATE_KEY; do
  eval "file=\${$name:-}"
  if [ -z "$file" ] || [ ! -r "$file" ]; then
    echo "$name must name a readable PEM file with TLS_MODE=$mode; \"$file\" is not one" >&2
    exit 1
  fi
done
target=https://\$host
[ "$port" = 443 ] || target="https://\$host:$port"
cat >"$out/site-listen.conf" <<CONF
# Rendered at start by docker-entrypoint.d/30-tls.sh (TLS_MODE=$mode).
listen 8443 ssl http2 default_server;
listen [::]:8443 ssl http2 default_server;
ssl_certificate $TLS_CERTIFICATE;
ssl_certificate_key $TLS_CERTIFICATE_KEY;
include snippets/tls.conf;
CONF
cat >"$out/site-redirect.conf" <<CONF
# Rendered at start by docker-entrypoint.d/30-tls.sh (TLS_MODE=$mode): plain HTTP only answers
# ACME challenges and sends everything else to HTTPS.
server {
  listen 8080 default_server;
  listen [::]:8080 default_server;
  server_name _;
  include snippets/acme-challenge.conf;
  location / {
    return 301 $target\$request_uri;
  }
}
CONF
if [ "$console_tls" = true ]; then
  # The console beyond loopback: HTTPS with the same certificate (it names the console's host
  # too: CONSOLE_DOMAIN), and its session cookie, which is Secure, works there.
  cat >"$out/console-listen.conf" <<CONF
# Rendered at start by docker-entrypoint.d/30-tls.sh (CONSOLE_TLS=true).
listen 8081 ssl http2;
listen [::]:8081 ssl http2;
ssl_certificate $TLS_CERTIFICATE;
ssl_certificate_key $TLS_CERTIFICATE_KEY;
include snippets/tls.conf;
add_header Strict-Transport-Security "max-age=31536000" always;
CONF
else
  console_plain
fi
echo "$0: HTTPS on 8443 (visitors' port $port) with $TLS_CERTIFICATE; 8080 redirects to it; console on 8081 over $([ "$console_tls" = true ] && echo HTTPS || echo HTTP)"
