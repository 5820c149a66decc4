#!/bin/sh
# Renders real-ip.conf from REAL_IP_FROM: the addresses or CIDR ranges, separated by commas or
# spaces, of the TLS terminators, CDN edges or load balancers in front of nginx (they often have
# several). A request from one of them is counted as coming from the last address in its
# X-Forwarded-For that is not one of them (so a chain CDN -> load balancer -> nginx works), and the
# rate limits and the contact-service tell visitors apart; from anywhere else the header is
# ignored. A value that is not an address stops the start with one line.
#
# The web image runs this from /docker-entrypoint.d/ at start; `make stack-up` runs it too.
# Output: $NGINX_ENVSUBST_OUTPUT_DIR/real-ip.conf.
set -eu
output=${NGINX_ENVSUBST_OUTPUT_DIR:?NGINX_ENVSUBST_OUTPUT_DIR names the folder of real-ip.conf}/real-ip.conf
trap 'rm -f "$output.tmp"' EXIT
ranges=$(printf '%s' "${REAL_IP_FROM:-127.0.0.1/32}" | tr ',' ' ')

ipv4='([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?'
ipv6='[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(/[0-9]{1,3})?'
{
  echo "# Rendered at start from REAL_IP_FROM by docker-entrypoint.d/15-real-ip.sh."
  count=0
  for range in $ranges; do
    if ! printf '%s' "$range" | grep -Eqx "$ipv4|$ipv6"; then
      echo "REAL_IP_FROM must be IP addresses or CIDR ranges separated by commas; \"$range\" is neither" >&2
      exit 1
    fi
    echo "set_real_ip_from $range;"
    count=$((count + 1))
  done
  if [ "$count" -eq 0 ]; then
    echo "REAL_IP_FROM is empty: give at least one address (127.0.0.1/32 trusts no one)" >&2
    exit 1
  fi
  echo "real_ip_header X-Forwarded-For;"
  echo "real_ip_recursive on;"
} >"$output.tmp"
mv "$output.tmp" "$output"
echo "$0: nginx believes X-Forwarded-For from: $(echo $ranges)"
