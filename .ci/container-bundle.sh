# shellcheck shell=bash
# The release as an artifact (sourced by .ci/container-stack.sh at its end, in its network
# namespace, which has no route anywhere): `make bundle` writes the one file, then a Docker daemon
# on a data root of its own, which has never held an image, installs the stack from it as
# docs/go-live.md says (git clone of its source.bundle, make up BUNDLE=…), and the stack stores a
# lead. The daemon and its data root go afterwards; the build daemon's images stay for the next run.
step "A release from its bundle: make bundle, then make up BUNDLE=… where no image was and no registry is"
bundle_version=$(infra/compose/version.sh checkout)
bundle_started=$(date +%s)
# shellcheck disable=SC2154 # set by .ci/container-stack.sh, which sources this file
if make --no-print-directory bundle >"$work/bundle.log" 2>&1; then bundled=yes; else bundled=no; fi
tail -n 3 "$work/bundle.log"
check "make bundle wrote the release's one file ($(($(date +%s) - bundle_started)) s)" \
  test "$bundled" = yes -a -s ".artifacts/bundle/proposal-site-$bundle_version.tar"
stop_daemon
data_root=$work/bundle-data
rm -rf "$data_root"
start_daemon
check "the installing daemon holds no image" is "$(docker images -q | wc -l)" 0
check "and this namespace has no route to a registry" bash -c '! ip route get 104.16.0.35 >/dev/null 2>&1'
install=$work/bundle-install
rm -rf "$install"
mkdir -p "$install"
tar -xf ".artifacts/bundle/proposal-site-$bundle_version.tar" -C "$install"
git clone --quiet -c advice.detachedHead=false "$install/proposal-site-$bundle_version/source.bundle" "$install/site"
installed_started=$(date +%s)
# As an operator's shell would be: the ACME step before exported its profile.
unset COMPOSE_PROFILES
if (cd "$install/site" && make --no-print-directory up BUNDLE="../proposal-site-$bundle_version") >"$work/bundle-up.log" 2>&1; then
  installed=yes
else
  installed=no
  tail -n 30 "$work/bundle-up.log"
fi
check "make up BUNDLE=… started the stack from the bundle's images ($(($(date +%s) - installed_started)) s)" is "$installed" yes
check "it built nothing" bash -c "! grep -qE '^Step [0-9]+/|Building ' '$work/bundle-up.log'"
bundle_site=http://127.0.0.1:$(sed -n 's/^WEB_PORT=//p' "$install/site/.env")
bundle_id=$(curl -s -X POST "$bundle_site/api/contact" -H 'Content-Type: application/json' \
  --data '{"name":"Bundle Check","email":"bundle@example.com","company":"CI","role":"Operator"}' |
  sed -n 's/.*"id":"\([0-9a-f-]*\)".*/\1/p')
# shellcheck disable=SC2016 # expanded by the container's shell
check "the stack installed from the bundle stores a lead" \
  is "$(cd "$install/site" && docker-compose exec -T db sh -c 'psql -U "$POSTGRES_USER" -d "$POSTGRES_DB" -Atc "$0"' \
    "SELECT name FROM contact_submissions WHERE id = '${bundle_id:-none}'" | tr -d '\r')" 'Bundle Check'
(cd "$install/site" && docker-compose down --volumes --remove-orphans >/dev/null 2>&1) || true
stop_daemon
rm -rf "$data_root" "$install"
unset data_root
start_daemon
