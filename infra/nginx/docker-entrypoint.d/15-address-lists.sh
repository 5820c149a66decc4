#!/bin/sh
# Renders the two lists of addresses nginx trusts, each from a setting of addresses or CIDR ranges
# separated by commas or spaces. A value that is not an address stops the start with one line.
#
# - real-ip.conf, from REAL_IP_FROM: the TLS terminators, CDN edges or load balancers in front of
#   nginx (they often have several). A request from one of them is counted as coming from the last
#   address in its X-Forwarded-For that is not one of them (so a chain CDN -> load balancer ->
#   nginx works), and the rate limits and the contact-service tell visitors apart; from anywhere
#   else the header is ignored.
# - console-allow.conf, from CONSOLE_ALLOW_FROM: where the operators' console server answers (the
#   visitor's address as real-ip.conf settles it, so behind an ingress controller it is the
#   operator's own). Everyone else gets 403. The default is the private networks: reachable
#   through a tunnel, a VPN or a proxy on the same network, never from the internet even when the
#   port is exposed by mistake.
#
# The web image runs this from /docker-entrypoint.d/ at start; `make stack-up` runs it too.
# Output: $NGINX_ENVSUBST_OUTPUT_DIR/real-ip.conf and console-allow.conf.
set -eu
dir=${NGINX_ENVSUBST_OUTPUT_DIR:?NGINX_ENVSUBST_OUTPUT_DIR names the folder of real-ip.conf}
trap 'rm -f "$dir/real-ip.conf.tmp" "$dir/console-allow.conf.tmp"' EXIT

ipv4='([0-9]{1,3}\.){3}[0-9]{1,3}(/[0-9]{1,2})?'
ipv6='[0-9A-Fa-f:.]*:[0-9A-Fa-f:.]*(/[0-9]{1,3})?'

# render FILE SETTING DIRECTIVE EMPTY-HINT RANGES [CLOSING-LINE...]: one "DIRECTIVE range;" line a
# range, then the closing lines, into $dir/FILE.
render() {
  file=$1 setting=$2 directive=$3 hint=$4 ranges=$(printf '%s' "$5" | tr ',' ' ')
  shift 5
  {
    echo "# Rendered at start from $setting by docker-entrypoint.d/15-address-lists.sh."
    count=0
    for range in $ranges; do
      if ! printf '%s' "$range" | grep -Eqx "$ipv4|$ipv6"; then
        echo "$setting must be IP addresses or CIDR ranges separated by commas; \"$range\" is neither" >&2
        exit 1
      fi
      echo "$directive $range;"
      count=$((count + 1))
    done
    if [ "$count" -eq 0 ]; then
      echo "$setting is empty: give at least one address ($hint)" >&2
      exit 1
    fi
    for line in "$@"; do echo "$line"; done
  } >"$dir/$file.tmp"
  mv "$dir/$file.tmp" "$dir/$file"
  # shellcheck disable=SC2086,SC2116 # echo joins the ranges (each checked above) with one space
  listed=$(echo $ranges)
}

render real-ip.conf REAL_IP_FROM set_real_ip_from '127.0.0.1/32 trusts no one' \
  "${REAL_IP_FROM:-127.0.0.1/32}" 'real_ip_header X-Forwarded-For;' 'real_ip_recursive on;'
echo "$0: nginx believes X-Forwarded-For from: $listed"

private='127.0.0.0/8,10.0.0.0/8,172.16.0.0/12,192.168.0.0/16,::1/128,fc00::/7'
render console-allow.conf CONSOLE_ALLOW_FROM allow '127.0.0.1/32 for this machine only' \
  "${CONSOLE_ALLOW_FROM:-$private}" 'deny all;'
echo "$0: the console answers requests from: $listed"
