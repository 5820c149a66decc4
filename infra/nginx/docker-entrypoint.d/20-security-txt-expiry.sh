#!/bin/sh
# Says loudly, at every start, when the site's security.txt (RFC 9116) has expired or will
# within 30 days: its Expires is fixed when the site is built, and an expired file tells
# researchers and vendor-security scanners that the contact in it may no longer be read.
#
# The web image runs this from /docker-entrypoint.d/ at start; `make stack-up` runs it too.
set -eu
file=${WEB_SITE_DIR:-/srv/web/site}/.well-known/security.txt
[ -f "$file" ] || exit 0
expires=$(sed -n 's/^Expires: //p' "$file" | head -n 1)
expires_at=$(date -d "$expires" +%s 2>/dev/null) || {
  echo "WARNING: security.txt has no readable Expires ($expires): build the site again." >&2
  exit 0
}
days_left=$(((expires_at - $(date +%s)) / 86400))
if [ "$days_left" -lt 30 ]; then
  echo "######################################################################################" >&2
  echo "# WARNING: /.well-known/security.txt expires in $days_left days ($expires)." >&2
  echo "# Build and deploy the site again: its Expires is set when it is built." >&2
  echo "######################################################################################" >&2
fi
