#!/bin/sh
# Like the official image: when the command is nginx, run the executable scripts of
# /docker-entrypoint.d/ in order (a failing one stops the start), then render the templates.
set -e
if [ "$1" = nginx ]; then
  for script in $(find /docker-entrypoint.d/ -mindepth 1 -maxdepth 1 -type f -name '*.sh' 2>/dev/null | sort -V); do
    if [ -x "$script" ]; then
      echo "$0: launching $script"
      "$script"
    fi
  done
  template_dir=${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}
  output_dir=${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}
  suffix=${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}
  # shellcheck disable=SC2016,SC2046 # a literal ${NAME} for envsubst per variable name (one a word)
  defined=$(printf '${%s} ' $(env | cut -d= -f1))
  for template in "$template_dir"/*"$suffix"; do
    [ -f "$template" ] || continue
    output="$output_dir/$(basename "$template" "$suffix")"
    envsubst "$defined" <"$template" >"$output"
    echo "$0: rendered $template to $output"
  done
fi
exec "$@"
