#!/usr/bin/env bash
# Checks a running stack from outside with curl: pages, 404s, headers, and the contact API down
# to the rows in Postgres. Usage: smoke-test.sh [site URL] (default http://127.0.0.1:8080);
# STACK_DATABASE_URL names the database the service writes to.
set -uo pipefail
site=${1:-http://127.0.0.1:8080}
database_url=${STACK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/contact_stack}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

source "$(dirname "$0")/checks.sh"

fetch() { # path -> $tmp/body, $tmp/headers; prints the status
  curl -s -o "$tmp/body" -D "$tmp/headers" -w '%{http_code}' "$site$1"
}
has_header() { grep -qi "^$1: $2" "$tmp/headers"; }
body_has() { grep -qF -- "$1" "$tmp/body"; }
status_is() { [[ $1 == "$2" ]]; }

echo "Pages"
declare -A content=(
  [/]='Systemising Excellence'
  [/about]='Back to home'
  [/privacy]='September 3, 2025'
  [/terms]='Belgium'
  [/accessibility]='March 3, 2026'
  [/demo]='Return to Home'
)
for path in / /about /privacy /terms /accessibility /demo; do
  status=$(fetch "$path")
  check "$path is 200 with its prerendered content" status_is "$status" 200
  check "$path contains \"${content[$path]}\"" body_has "${content[$path]}"
done

redirect=$(curl -s -o /dev/null -w '%{http_code} %header{location}' "$site/about/")
check "/about/ redirects to /about" status_is "$redirect" '301 /about'

status=$(fetch /no-such-page)
check "an unknown path is 404" status_is "$status" 404
check "an unknown path shows the 404 page" body_has 'Page Not Found'
check "the 404 page says: Did you forget to add the page to the router?" \
  body_has 'Did you forget to add the page to the router?'
check "dotfiles are not served" status_is "$(fetch /.git/config)" 404
check "robots.txt is served" status_is "$(fetch /robots.txt)" 200
check "sitemap.xml is served" status_is "$(fetch /sitemap.xml)" 200

echo "Headers"
fetch / >/dev/null
check "HTML revalidates (Cache-Control: no-cache)" has_header Cache-Control 'no-cache'
check "Content-Security-Policy without unsafe-inline or unsafe-eval" \
  bash -c "grep -i '^content-security-policy:' '$tmp/headers' | grep -q \"default-src 'self'\" && ! grep -i '^content-security-policy:' '$tmp/headers' | grep -q unsafe"
check "Strict-Transport-Security" has_header Strict-Transport-Security 'max-age='
check "X-Content-Type-Options: nosniff" has_header X-Content-Type-Options nosniff
check "Referrer-Policy: strict-origin-when-cross-origin" has_header Referrer-Policy strict-origin-when-cross-origin
check "Permissions-Policy" has_header Permissions-Policy 'accelerometer=()'
check "no nginx version in Server" bash -c "! grep -qi '^server: nginx/' '$tmp/headers'"
asset=$(grep -o '/assets/[^"]*\.js' "$tmp/body" | head -n 1)
curl -s -o /dev/null -D "$tmp/headers" -H 'Accept-Encoding: gzip' "$site$asset"
check "hashed assets are immutable for a year" has_header Cache-Control 'public, max-age=31536000, immutable'
check "assets are sent gzip-compressed" has_header Content-Encoding gzip

echo "Contact API"
marker="smoke-$(date +%s)-$RANDOM"
post() { # body [curl options...] -> prints status, answer in $tmp/answer
  local body=$1
  shift
  curl -s -o "$tmp/answer" -w '%{http_code}' -X POST "$site/api/contact" \
    -H 'Content-Type: application/json' "$@" --data "$body"
}
valid="{\"name\":\"Smoke Test\",\"email\":\"smoke@example.com\",\"company\":\"$marker\",\"role\":\"Operator\",\"message\":\"Hello\"}"
status=$(post "$valid")
check "a valid POST answers 201" status_is "$status" 201
id=$(node -e 'console.log(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8")).id ?? "")' "$tmp/answer" 2>/dev/null)
stored=$(psql "$database_url" -Atc "SELECT name || '|' || email || '|' || role || '|' || message FROM contact_submissions WHERE id = '$id'")
check "the row is in Postgres with the values sent" status_is "$stored" 'Smoke Test|smoke@example.com|Operator|Hello'

status=$(post '{"name":"Smoke Test","email":"not-an-address","company":"x","role":"y"}')
check "an invalid POST answers 400" status_is "$status" 400
check "with the spec's email message" grep -qF 'Please enter a valid email address.' "$tmp/answer"

created=1
limited=0
for _ in $(seq 1 30); do
  case $(post "$valid") in
    201) created=$((created + 1)) ;;
    429) limited=$((limited + 1)) ;;
  esac
done
check "a burst from one client meets 429 ($limited of 30)" test "$limited" -gt 0
check "the 429 answer has the JSON error shape" grep -q '"status":429' "$tmp/answer"
# The stack trusts loopback as the proxy in front (REAL_IP_FROM): a visitor it forwards has a
# limit of their own, not the one the burst above used up.
status=$(post "$valid" -H 'X-Forwarded-For: 203.0.113.7')
if [[ $status == 201 ]]; then created=$((created + 1)); fi
check "a visitor behind the trusted proxy (X-Forwarded-For) is not limited by that burst" \
  status_is "$status" 201
rows=$(psql "$database_url" -Atc "SELECT count(*) FROM contact_submissions WHERE company = '$marker'")
check "stored rows ($rows) equal the 201 answers ($created)" status_is "$rows" "$created"

checks_summary
