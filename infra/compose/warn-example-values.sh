#!/usr/bin/env bash
# After `make up`: says loudly when the running site was built with example values (the build
# lists them in example-config.txt; README.md, "The site"). Usage: warn-example-values.sh <compose...>
set -uo pipefail
names=$("$@" exec -T web sh -c 'cat /srv/web/site/example-config.txt 2>/dev/null || true' | tr -d '\r' | xargs)
if [[ -n $names ]]; then
  printf '\n\033[1;31mWARNING: the site was built with EXAMPLE values for: %s\n' "$names"
  printf 'It shows example addresses to prospects and asks search engines not to index it.\n'
  printf 'Set them in .env and run make up again before going live (README.md, "The site").\033[0m\n\n'
fi
