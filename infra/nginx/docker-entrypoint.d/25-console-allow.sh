#!/bin/sh
# Renders console-allow.conf from CONSOLE_ALLOW_FROM: the addresses or CIDR ranges, separated by
# commas or spaces, from which the operators' console server answers (the visitor's address as
# real-ip.conf settles it, so behind an ingress controller it is the operator's own). Everyone
# else gets 403. The default is the private networks: reachable through a tunnel, a VPN or a
# proxy on the same network, never from the internet even when the port is exposed by mistake.
# A value that is not an address stops the start with one line.
#
# The web image runs this from /docker-entrypoint.d/ at start; `make stack-up` runs it too.
# Output: $NGINX_ENVSUBST_OUTPUT_DIR/console-allow.conf.
set -eu
output=${NGINX_ENVSUBST_OUTPUT_DIR:?NGINX_ENVSUBST_OUTPUT_DIR names the folder of console-allow.conf}/console-allow.conf
trap 'rm -f "$output.tmp"' EXIT
private='127.0.0.0/8,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,::1/128,fc00::/7'
ranges=$(printf '%s' "${CONSOLE_ALLOW_FROM:-$private}" | tr ',' ' ')

ipv4='([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?'
ipv6='[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(/[0-9]{1,3})?'
{
  echo "# Rendered at start from CONSOLE_ALLOW_FROM by docker-entrypoint.d/25-console-allow.sh."
  count=0
  for range in $ranges; do
    if ! printf '%s' "$range" | grep -Eqx "$ipv4|$ipv6"; then
      echo "CONSOLE_ALLOW_FROM must be IP addresses or CIDR ranges separated by commas; \"$range\" is neither" >&2
      exit 1
    fi
    echo "allow $range;"
    count=$((count + 1))
  done
  if [ "$count" -eq 0 ]; then
    echo "CONSOLE_ALLOW_FROM is empty: give at least one address (127.0.0.1/32 for this machine only)" >&2
    exit 1
  fi
  echo "deny all;"
} >"$output.tmp"
mv "$output.tmp" "$output"
echo "$0: the console answers requests from: $(echo $ranges)"
