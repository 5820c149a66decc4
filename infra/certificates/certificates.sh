#!/bin/sh
# The site's certificate over ACME (TLS_MODE=acme; docs/configuration.md, "HTTPS"): obtained from
# ACME_DIRECTORY (Let's Encrypt by default) with an http-01 challenge that web answers from the
# shared ACME_WEBROOT, renewed when fewer than ACME_RENEW_DAYS remain, checked every
# ACME_CHECK_HOURS, and installed into TLS_DIR as fullchain.pem and privkey.pem, each replaced by
# a rename, so a reader sees the old file or the new one, never half of one. web reloads nginx
# gracefully when they change (nginx's docker-entrypoint.d/40-tls-reload.sh). lego
# (https://go-acme.github.io/lego/) does the ACME part; its account and certificates stay in
# ACME_STATE, so a restart neither asks again nor loses them.
#
# certificates.sh            obtain or renew, install, then again every ACME_CHECK_HOURS
# certificates.sh --once     one pass (make tls-check; a cron job)
# certificates.sh --force    one pass that renews whatever the validity left (a drill)
set -eu
: "${SITE_DOMAIN:?SITE_DOMAIN names the host name the certificate is for (TLS_MODE=acme)}"
: "${ACME_EMAIL:?ACME_EMAIL names who the ACME server writes to about the certificate}"
directory=${ACME_DIRECTORY:-https://acme-v02.api.letsencrypt.org/directory}
webroot=${ACME_WEBROOT:-/srv/web/acme}
state=${ACME_STATE:-/var/lib/acme}
tls_dir=${TLS_DIR:-/srv/web/tls-acme}
renew_days=${ACME_RENEW_DAYS:-30}
check_hours=${ACME_CHECK_HOURS:-12}
# A private ACME server (Pebble in CI, an internal CA) is trusted through its CA bundle.
if [ -n "${ACME_CA_BUNDLE:-}" ]; then export LEGO_CA_CERTIFICATES="$ACME_CA_BUNDLE"; fi
case $renew_days$check_hours in *[!0-9]*)
  echo "ACME_RENEW_DAYS and ACME_CHECK_HOURS must be whole numbers" >&2
  exit 1
  ;;
esac

# The console's own host name (CONSOLE_DOMAIN), when it is served beyond loopback with the same
# certificate (CONSOLE_TLS=true), is named in the certificate too.
domains="--domains $SITE_DOMAIN${CONSOLE_DOMAIN:+ --domains $CONSOLE_DOMAIN}"

lego_run() {
  # shellcheck disable=SC2086 # $domains is two or four words on purpose
  lego --accept-tos --email "$ACME_EMAIL" --server "$directory" $domains \
    --http --http.webroot "$webroot" --path "$state" "$@"
}

# Installs lego's certificate (the full chain) and key when they differ from what is installed.
install_certificate() {
  crt=$state/certificates/$SITE_DOMAIN.crt
  key=$state/certificates/$SITE_DOMAIN.key
  if cmp -s "$crt" "$tls_dir/fullchain.pem" && cmp -s "$key" "$tls_dir/privkey.pem"; then return 0; fi
  mkdir -p "$tls_dir" &&
    cp "$key" "$tls_dir/.privkey.pem.new" && chmod 640 "$tls_dir/.privkey.pem.new" &&
    cp "$crt" "$tls_dir/.fullchain.pem.new" &&
    mv -f "$tls_dir/.privkey.pem.new" "$tls_dir/privkey.pem" &&
    mv -f "$tls_dir/.fullchain.pem.new" "$tls_dir/fullchain.pem" || return 1
  echo "certificates: installed a certificate for $SITE_DOMAIN: $(openssl_dates "$tls_dir/fullchain.pem")"
}

openssl_dates() {
  if command -v openssl >/dev/null; then openssl x509 -in "$1" -noout -enddate; else echo "(see $1)"; fi
}

pass() {
  days=$renew_days
  # lego waits a random while before a due renewal, to spread the load on a public CA; a pass run
  # by hand need not.
  sleep_flag=
  case ${1:-} in --force) days=100000 sleep_flag=--no-random-sleep ;; --once) sleep_flag=--no-random-sleep ;; esac
  # Each step says when it fails (errexit does not hold in a function a loop calls with ||).
  if [ -f "$state/certificates/$SITE_DOMAIN.crt" ]; then
    lego_run renew --days "$days" $sleep_flag || return 1
  else
    echo "certificates: asking $directory for a certificate for $SITE_DOMAIN"
    lego_run run || return 1
  fi
  install_certificate
}

case ${1:-} in
  --once) pass --once ;;
  --force) pass --force ;;
  '')
    # A failed pass (DNS not pointing here yet, the ACME server down) is said, and tried again
    # after 1 minute, then 2, 4… up to ACME_CHECK_HOURS: soon enough for a first certificate,
    # slow enough for the CA's limit on failed validations (Let's Encrypt: 5 an hour). The
    # installed certificate keeps being served meanwhile.
    retry=60
    while :; do
      if pass; then
        retry=60
        wait_s=$((check_hours * 3600))
      else
        wait_s=$retry
        [ "$retry" -ge "$((check_hours * 3600))" ] || retry=$((retry * 2))
        echo "certificates: this pass failed; the next is in $wait_s s" >&2
      fi
      sleep "$wait_s"
    done
    ;;
  *)
    echo "usage: certificates.sh [--once | --force]" >&2
    exit 2
    ;;
esac
