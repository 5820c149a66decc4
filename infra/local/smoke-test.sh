#!/usr/bin/env bash
# Checks a running stack from outside with curl: pages, 404s, headers, and the contact API down
# to the rows in Postgres. Usage: smoke-test.sh [site URL] (default http://127.0.0.1:8080);
# STACK_DATABASE_URL names the database the service writes to.
set -uo pipefail
site=${1:-http://127.0.0.1:8080}
database_url=${STACK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/contact_stack}
source "$(dirname "$0")/../shell-lib.sh"
tmp=$(mktemp -d)
# shellcheck disable=SC2016 # expanded when the exit trap runs
on_exit 'rm -rf "$tmp"'

fetch() { # path -> $tmp/body, $tmp/headers; prints the status
  curl -s -o "$tmp/body" -D "$tmp/headers" -w '%{http_code}' "$site$1"
}
has_header() { grep -qi "^$1: $2" "$tmp/headers"; }
body_has() { grep -qF -- "$1" "$tmp/body"; }
status_is() { [[ $1 == "$2" ]]; }

echo "Pages"
declare -A content=(
  ['/']='Systemising Excellence'
  ['/about']='Back to home'
  ['/privacy']='September 3, 2025'
  ['/terms']='Belgium'
  ['/accessibility']='March 3, 2026'
  ['/demo']='Return to Home'
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
check "security.txt is served at /.well-known/security.txt" \
  status_is "$(fetch /.well-known/security.txt)" 200
check "security.txt is text/plain; charset=utf-8 (RFC 9116)" \
  has_header Content-Type 'text/plain; charset=utf-8'
check "security.txt as served is valid (RFC 9116)" \
  node frontend/scripts/check-security-txt.mjs "$tmp/body"
check "other well-known paths are 404" status_is "$(fetch /.well-known/nothing-here)" 404

echo "Hostile paths: every redirect stays on the site, no header is injected, no 5xx"
# Resolved as a browser would (a backslash counts as a slash), a Location must keep the origin.
same_origin() { node -e 'process.exit(new URL(process.argv[1], "http://site.test").origin === "http://site.test" ? 0 : 1)' "$1"; }
mapfile -t hostile_paths < <(grep -v '^#' "$(dirname "$0")/../../contract/hostile-paths.txt")
for path in "${hostile_paths[@]}"; do
  status=$(curl -s --path-as-is -o /dev/null -D "$tmp/headers" -w '%{http_code}' "$site$path")
  location=$(sed -n 's/^[Ll]ocation: //p' "$tmp/headers" | tr -d '\r')
  check "$path: $status, no 5xx" test "$status" -lt 500
  check "$path: no Location off the site (${location:-none})" same_origin "${location:-/}"
  check "$path: no injected header" bash -c "! grep -qiE '^(set-cookie|x-injected):' '$tmp/headers'"
done

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
check "assets carry the headers of every response, not a page's (subresource-headers.conf)" \
  bash -c "grep -qi '^x-content-type-options: nosniff' '$tmp/headers' && grep -qi \"^content-security-policy: default-src 'none'\" '$tmp/headers' && ! grep -qi '^permissions-policy:' '$tmp/headers'"
curl -s -o /dev/null -D "$tmp/headers" -H 'Accept-Encoding: gzip' "$site/"
check "pages are sent as the build compressed them, to clients that accept gzip" \
  bash -c "grep -qi '^content-encoding: gzip' '$tmp/headers' && grep -qi '^vary: accept-encoding' '$tmp/headers'"
check "with a page's headers (security-headers.conf)" has_header X-Frame-Options DENY
curl -s -o /dev/null -D "$tmp/headers" "$site/"
check "and uncompressed to clients that do not" bash -c "! grep -qi '^content-encoding:' '$tmp/headers'"
curl -s -o /dev/null -D "$tmp/headers" -H 'Accept-Encoding: gzip' "$site/api/contact"
check "nor the API's answers" bash -c "! grep -qi '^content-encoding:' '$tmp/headers'"

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
email_message=$(node -p 'require(require("node:path").resolve(process.argv[1])).messages.email.invalid' "$(dirname "$0")/../../contract/contact-fields.json")
check "with the contract's email message" grep -qF "$email_message" "$tmp/answer"

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

echo "Probes and metrics are for the orchestrator and Prometheus, not the public site"
check "/metrics through nginx is 404" status_is "$(fetch /metrics)" 404
for probe in /api/health/live /api/health/ready /api/metrics; do
  check "$probe through nginx is a JSON 404" bash -c "[[ \$(curl -s -o '$tmp/body' -w '%{http_code}' '$site$probe') == 404 ]] && grep -q '\"status\":404' '$tmp/body'"
done

echo "The largest valid submissions, in 3- and 4-byte scripts, pass nginx and are stored"
for character in '中' '𠀀'; do
  # shellcheck disable=SC2016 # JavaScript (a template literal), not shell
  body=$(node -e '
    const c = process.argv[1], fill = (n) => c.repeat(Math.floor(n / c.length));
    const email = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(61)}`;
    console.log(JSON.stringify({ name: fill(100), email, company: fill(200), role: fill(100), message: fill(5000) }));
  ' "$character")
  status=$(post "$body" -H "X-Forwarded-For: 198.51.100.$((RANDOM % 250))")
  check "$character × every maximum ($(printf %s "$body" | wc -c) bytes) answers 201" status_is "$status" 201
done

echo "A retried POST with the same Idempotency-Key is stored once"
key=$(node -e 'console.log(crypto.randomUUID())')
first=$(
  post "$valid" -H "Idempotency-Key: $key" -H 'X-Forwarded-For: 198.51.100.251'
  cat "$tmp/answer"
)
second=$(
  post "$valid" -H "Idempotency-Key: $key" -H 'X-Forwarded-For: 198.51.100.251'
  cat "$tmp/answer"
)
check "both answers are the same 201 receipt" status_is "$first" "$second"
check "one row holds the key" status_is "$(psql "$database_url" -Atc "SELECT count(*) FROM contact_submissions WHERE idempotency_key = '$key'")" 1

echo "REAL_IP_FROM takes a list"
status=$(curl -s -g -o /dev/null -w '%{http_code}' -X POST "http://[::1]:${site##*:}/api/contact" \
  -H 'Content-Type: application/json' -H 'X-Forwarded-For: 203.0.113.77' --data "$valid")
check "a visitor behind the second trusted proxy (::1) has a limit of their own" status_is "$status" 201
check "an entry that is not an address stops the start with one line naming REAL_IP_FROM" bash -c \
  "out=\$(REAL_IP_FROM='10.0.0.0/8,nginx' NGINX_ENVSUBST_OUTPUT_DIR='$tmp' infra/nginx/docker-entrypoint.d/15-address-lists.sh 2>&1); [[ \$? != 0 && \$out == *REAL_IP_FROM*nginx* && \$(wc -l <<<\"\$out\") == 1 ]]"

echo "A site built with example values says so at start"
mkdir -p "$tmp/site"
printf 'VITE_SITE_URL\nVITE_CONTACT_EMAIL\n' >"$tmp/site/example-config.txt"
check "the start-up warning names the variables" bash -c \
  "WEB_SITE_DIR='$tmp/site' infra/nginx/docker-entrypoint.d/10-example-values.sh 2>&1 | grep -q 'EXAMPLE values for: VITE_SITE_URL VITE_CONTACT_EMAIL'"
rm "$tmp/site/example-config.txt"
check "and says nothing for a site built with real values" bash -c \
  "[[ -z \$(WEB_SITE_DIR='$tmp/site' infra/nginx/docker-entrypoint.d/10-example-values.sh 2>&1) ]]"

echo "The site's build values"
if [[ -f frontend/dist/example-config.txt ]]; then
  # An example build (e.g. make smoke without VITE_* set) must not be indexable.
  fetch / >/dev/null
  check "an example build asks search engines not to index its pages" body_has '<meta name="robots" content="noindex'
  fetch /robots.txt >/dev/null
  check "and its robots.txt disallows everything" body_has 'Disallow: /'
else
  fetch / >/dev/null
  check "a build with real values is indexable" bash -c "! grep -q 'noindex' '$tmp/body'"
fi
check "the list of example values is not served" status_is "$(fetch /example-config.txt)" 404

echo "The schedulers' webhooks (docs/bookings.md): through nginx, off until their key is set"
for path in /api/bookings/calendly /api/bookings/cal-com; do
  # This stack sets no scheduler's key: the service answers its own 404, in the API's shape.
  check "$path reaches the service, which has it off (404)" \
    status_is "$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H 'Content-Type: application/json' -d '{}' "$site$path")" 404
  check "  (the service's own answer)" body_has '"status":404'
done
# A payload may carry every answer an invitee gave: more than a form, less than 256 KB.
head -c 100000 /dev/zero | tr '\0' 'a' | sed 's/^/{"answers":"/; s/$/"}/' >"$tmp/booking.json"
check "a 100 KB booking payload passes nginx (the service answers, not nginx's 413)" \
  status_is "$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary @"$tmp/booking.json" "$site/api/bookings/calendly")" 404
head -c 300000 /dev/zero | tr '\0' 'a' >"$tmp/booking.json"
check "a 300 KB one is refused by nginx (413)" \
  status_is "$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -H 'Content-Type: application/json' --data-binary @"$tmp/booking.json" "$site/api/bookings/calendly")" 413

echo "The operators' console: a server of its own, never on the public port"
console=${CONSOLE_URL:-http://127.0.0.1:8081}
for path in /console /console/ /console/sign-in /api/console/me; do
  check "$path on the public port is the site's 404 page" status_is "$(fetch "$path")" 404
done
# The one console address the public port has: the provider's back-channel logout, POST only.
check "the provider's back-channel logout reaches the service through the public port" \
  status_is "$(curl -s -o "$tmp/body" -w '%{http_code}' -X POST -d 'logout_token=' "$site/api/console/sso/backchannel-logout")" 400
check "  (the service's own answer)" body_has 'Send a logout_token as a form field.'
check "  any other method there is the site's 404 page" \
  status_is "$(fetch /api/console/sso/backchannel-logout)" 404
console_fetch() { curl -s -o "$tmp/body" -D "$tmp/headers" -w '%{http_code}' "$@"; }
check "the console app is served on its own port" status_is "$(console_fetch "$console/console/sign-in")" 200
check "its pages are never indexed" has_header X-Robots-Tag 'noindex, nofollow'
check "nor cached" has_header Cache-Control 'no-store'
check "nor framed" has_header Content-Security-Policy ".*frame-ancestors 'none'"
check "its API asks for a session (401)" status_is "$(console_fetch "$console/api/console/me")" 401
check "a visitor from outside CONSOLE_ALLOW_FROM is refused (403)" \
  status_is "$(console_fetch -H 'X-Forwarded-For: 203.0.113.9' "$console/console/sign-in")" 403

echo "Property-based fuzzing through nginx (fixed seed; make fuzz runs longer)"
if FUZZ_TARGET_URL=$site FUZZ_DATABASE_URL=$database_url FUZZ_RUNS=${FUZZ_RUNS:-300} \
  npm run --silent fuzz -w contact-service >"$tmp/fuzz.log" 2>&1; then fuzzed=yes; else fuzzed=no; fi
grep -E 'Fuzzing|Answers|Tests:|seed|Counterexample' "$tmp/fuzz.log" | sed 's/^ */    /' | head -n 20
check "no 5xx, no stack trace, 201 exactly for valid requests, one row per 201" status_is "$fuzzed" yes

checks_summary
