#!/bin/sh
# Says loudly, at every start, when the site was built with the example values of the VITE_*
# settings (brand, site URL, contact addresses, scheduler). Such a build tells prospects to write
# to an example address and asks search engines not to index it (the build's robots meta tag and
# robots.txt), so it must never go live unnoticed. The build lists the variables concerned in
# example-config.txt; a build with real values has no such file.
#
# The web image runs this from /docker-entrypoint.d/ at start; `make stack-up` runs it too.
set -eu
marker=${WEB_SITE_DIR:-/srv/web/site}/example-config.txt
[ -f "$marker" ] || exit 0
{
  echo "######################################################################################"
  echo "# WARNING: this site was built with EXAMPLE values for: $(tr '\n' ' ' <"$marker")"
  echo "# It shows example addresses to prospects and asks search engines not to index it."
  echo "# Set those variables (docs/configuration.md, \"The site (build time)\") and build"
  echo "# again before going live."
  echo "######################################################################################"
} >&2
