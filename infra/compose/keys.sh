#!/usr/bin/env bash
# `make up`: gives .env a CONSOLE_SECRET_KEY (32 random bytes, base64) when it has none or an
# empty one, so a fresh clone's `make up` works; a key the operator set is never touched. The key
# seals the operators' second-factor secrets (docs/configuration.md); it is never printed.
set -euo pipefail
env_file=$1
if grep -Eq '^CONSOLE_SECRET_KEY=.+' "$env_file"; then exit 0; fi
key=$(head -c 32 /dev/urandom | base64)
if grep -q '^CONSOLE_SECRET_KEY=' "$env_file"; then
  sed -i "s|^CONSOLE_SECRET_KEY=.*|CONSOLE_SECRET_KEY=$key|" "$env_file"
else
  printf '\n# Made by make up (docs/configuration.md, CONSOLE_SECRET_KEY).\nCONSOLE_SECRET_KEY=%s\n' "$key" >>"$env_file"
fi
echo "Put a new CONSOLE_SECRET_KEY into $env_file (it seals the operators' second factors; keep it with your backups)"
