# shellcheck shell=bash
# A backup's signature: what makes a restore trust it (docs/backups.md, "Signed backups"). age
# only encrypts to a public key, so anyone who can write to backups/ or an off-site copy could
# make a .secrets file the backup key opens; the signature is an HMAC-SHA256, with
# BACKUP_SIGNING_KEY (64 hex digits, kept in .env and, off the machine, in
# backup-signing-key.txt beside backup-key.txt), over the SHA-256 of the dump and of its
# .secrets. Written by backup.sh as <name>.sig beside them; checked by `make restore` before it
# changes anything. Pure bash and coreutils, so that it runs in the backup image and on any host
# alike, and the key is never on a command line (where ps shows it). Sourced, not run.

# hmac_sha256 KEY_HEX: the HMAC-SHA256 (RFC 2104) of standard input, in hex.
hmac_sha256() {
  local key=$1 ipad='' opad='' i byte inner
  [[ $key =~ ^([0-9a-fA-F]{2}){1,64}$ ]] || return 2
  for ((i = 0; i < 64; i++)); do
    byte=0
    ((i * 2 < ${#key})) && byte=$((16#${key:i*2:2}))
    printf -v ipad '%s\\x%02x' "$ipad" $((byte ^ 0x36))
    printf -v opad '%s\\x%02x' "$opad" $((byte ^ 0x5c))
  done
  inner=$({ printf '%b' "$ipad" && cat; } | sha256sum | cut -d' ' -f1)
  # shellcheck disable=SC2001 # \x before each pair of hex digits: ${//} cannot name what it matched
  { printf '%b' "$opad" && printf '%b' "$(sed 's/../\\x&/g' <<<"$inner")"; } | sha256sum | cut -d' ' -f1
}

# signature_body DUMP [SECRETS]: the lines a signature covers (the name of neither file: a copy
# renamed, as daily/ and weekly/ name them, keeps its signature). A dump with no .secrets (the
# one `make upgrade` takes first) says so.
signature_body() {
  echo "dump sha256 $(sha256sum <"$1" | cut -d' ' -f1)"
  if [[ -n ${2:-} ]]; then echo "secrets sha256 $(sha256sum <"$2" | cut -d' ' -f1)"; else echo "secrets none"; fi
}

# sign_body KEY_HEX: prints the lines on standard input, then their HMAC: a signature file's text.
sign_body() {
  local body
  body=$(cat)
  echo "$body"
  echo "hmac-sha256 $(hmac_sha256 "$1" <<<"$body")"
}

# sign_backup DUMP SECRETS|'' KEY_HEX: prints the signature file's text.
sign_backup() {
  signature_body "$1" "$2" | sign_body "$3"
}

# base_signature_body DIR: the lines a base backup's signature (DIR/signature) covers: its two
# archives and the cluster whose streamed WAL continues it.
base_signature_body() {
  echo "base sha256 $(sha256sum <"$1/base.tar.gz" | cut -d' ' -f1)"
  echo "pg_wal sha256 $(sha256sum <"$1/pg_wal.tar.gz" | cut -d' ' -f1)"
  echo "system_identifier $(cat "$1/system_identifier")"
}

# verify_base DIR KEY_HEX: succeeds when DIR is a complete base backup signed with KEY_HEX.
verify_base() {
  [[ -f $1/base.tar.gz && -f $1/pg_wal.tar.gz && -s $1/system_identifier ]] &&
    signed_with "$1/signature" "$2" &&
    [[ $(base_signature_body "$1") == "$(grep -v '^hmac-sha256 ' "$1/signature")" ]]
}

# signed_with SIG KEY_HEX: SIG was made with KEY_HEX (whatever the files it covers hold now).
signed_with() {
  local claimed
  claimed=$(sed -n 's/^hmac-sha256 \([0-9a-f]\{64\}\)$/\1/p' "$1" 2>/dev/null)
  [[ -n $claimed && $(grep -v '^hmac-sha256 ' "$1" | hmac_sha256 "$2") == "$claimed" ]]
}

# verify_backup DUMP SECRETS SIG KEY_HEX: succeeds when SIG was made with KEY_HEX for these two
# files as they are now; otherwise prints why, in one line, and fails.
verify_backup() {
  local dump=$1 secrets=$2 sig=$3 key=$4 body
  [[ -r $sig ]] || {
    echo "it has no signature (${sig##*/})"
    return 1
  }
  body=$(grep -v '^hmac-sha256 ' "$sig")
  signed_with "$sig" "$key" ||
    {
      echo "its signature was not made with this BACKUP_SIGNING_KEY (a forged or altered ${sig##*/}, or another stack's key)"
      return 1
    }
  if [[ $body == *$'\nsecrets none' ]]; then
    secrets=
  elif [[ ! -r $secrets ]]; then
    echo "its settings file is missing (${secrets##*/}), which the signature covers"
    return 1
  fi
  [[ $(signature_body "$dump" "$secrets") == "$body" ]] ||
    {
      echo "the dump or its .secrets is not the file that was signed (cut short, altered or swapped)"
      return 1
    }
}

# signing_key_from KEY SIGNING_KEY ENV_FILE: the key, in hex, that `make restore` and `make
# recover` check with: the file SIGNING_KEY names, else the backup-signing-key.txt beside KEY
# (backup-key.txt), else ENV_FILE's BACKUP_SIGNING_KEY (this machine's). When a file it should
# read is not there, prints why in one line and fails.
signing_key_from() {
  local key=$1 signing=$2 env=$3
  [[ -z $key || -n $signing ]] || signing=$(dirname "$key")/backup-signing-key.txt
  if [[ -z $signing ]]; then
    sed -n 's/^BACKUP_SIGNING_KEY=//p' "$env" 2>/dev/null | tail -n 1
  elif [[ -f $signing && -r $signing ]]; then
    head -n 1 "$signing"
  else
    echo "There is no signing key at $signing (make up wrote it as backup-signing-key.txt, to keep beside backup-key.txt; SIGNING_KEY=… names it)."
    return 1
  fi
}
