#!/bin/sh
# Alertmanager's entrypoint beside the stack (compose.yml; docs/monitoring.md, "Who is told").
# Alertmanager cannot read the environment, so at each start this writes its configuration from
# the stack's own settings, which compose.yml passes on from .env:
#   mail    through SMTP_URL (smtp:// or smtps://, user:password@host:port, as the
#           contact-service reads it), from NOTIFY_FROM, to ALERT_TO (NOTIFY_TO when empty)
#   Teams   TEAMS_WEBHOOK_URL, when set (a Workflows webhook; an old Office 365 connector's too)
#   yours   the routes and receivers of local/alertmanager-routes.yml and
#           local/alertmanager-receivers.yml, when they exist (git-ignored; from the *.example)
# It refuses to start, with one line naming the setting, when no alert could reach a person. The
# SMTP password and the webhook's URL (its signature is in it) go into files of their own,
# readable by Alertmanager's user only, and are never printed. POSIX sh: the official image has
# busybox's, with sed, and no bash.
# Usage: alertmanager.sh [ALERTMANAGER FLAG...]   renders into /tmp/alertmanager, then runs it
#        alertmanager.sh render DIR                renders into DIR only (make alerts checks it)
set -eu
umask 077
here=$(cd "$(dirname "$0")" && pwd)
local_dir=$here/local

fail() {
  echo "alertmanager: $*" >&2
  exit 1
}
quote() { # VALUE: as a single-quoted YAML scalar
  printf "'%s'" "$(printf '%s' "$1" | sed "s/'/''/g")"
}
url_decode() { # TEXT: prints it with each %XX decoded (as the contact-service's URL parser does)
  rest=$1
  while :; do
    case $rest in
      *%[0-9A-Fa-f][0-9A-Fa-f]*) ;;
      *)
        printf '%s' "$rest"
        return
        ;;
    esac
    before=${rest%%\%*}
    rest=${rest#*\%}
    printf '%s' "$before"
    hex=${rest%"${rest#??}"}
    case $hex in
      [0-9A-Fa-f][0-9A-Fa-f])
        printf '%b' "\\0$(printf '%03o' "$((0x$hex))")"
        rest=${rest#??}
        ;;
      *) printf '%%' ;;
    esac
  done
}
content() { # FILE: succeeds when FILE exists and holds more than comments and blank lines
  [ -f "$1" ] && grep -qv '^[[:space:]]*\(#.*\)\{0,1\}$' "$1"
}

if [ "${1:-}" = render ]; then
  [ $# -eq 2 ] || fail "usage: alertmanager.sh render DIR"
  out=$2
  shift 2
else
  out=${ALERTMANAGER_CONFIG_DIR:-/tmp/alertmanager}
  run=true
fi
mkdir -p "$out"
config=$out/alertmanager.yml

# --- Mail: SMTP_URL, NOTIFY_FROM, and ALERT_TO or NOTIFY_TO ---------------------------------------
smtp_url=${SMTP_URL:-}
from=${NOTIFY_FROM:-}
to=${ALERT_TO:-${NOTIFY_TO:-}}
require_tls=${SMTP_REQUIRE_TLS:-false}
case $require_tls in true | false) ;; *) fail "SMTP_REQUIRE_TLS must be true or false" ;; esac
missing=
need() { missing="${missing:+$missing, }$1"; }
[ -n "$smtp_url" ] || need SMTP_URL
[ -n "$from" ] || need NOTIFY_FROM
[ -n "$to" ] || need "ALERT_TO (or NOTIFY_TO)"
missing=$(printf '%s' "$missing" | sed 's/\(.*\), /\1 and /')
mail=false
if [ -z "$missing" ]; then
  mail=true
  case $smtp_url in
    smtps://*) scheme=smtps ;;
    smtp://*) scheme=smtp ;;
    *) fail "SMTP_URL must be an smtp:// or smtps:// URL" ;;
  esac
  authority=${smtp_url#*://}
  authority=${authority%%[/?#]*}
  user='' password=''
  case $authority in
    *@*)
      userinfo=${authority%@*}
      authority=${authority##*@}
      user=$(url_decode "${userinfo%%:*}")
      case $userinfo in *:*) password=${userinfo#*:} ;; esac
      ;;
  esac
  case $authority in
    \[*\]:*) host=${authority%:*} port=${authority##*:} ;;
    \[*\]) host=$authority port='' ;;
    *:*) host=${authority%:*} port=${authority##*:} ;;
    *) host=$authority port='' ;;
  esac
  [ -n "$host" ] || fail "SMTP_URL names no host"
  # The contact-service's defaults (nodemailer): 465 for smtps://, 587 for smtp://.
  if [ -z "$port" ]; then
    if [ $scheme = smtps ]; then port=465; else port=587; fi
  fi
  case $port in *[!0-9]*) fail "SMTP_URL's port is not a number" ;; esac
  # TLS, as the contact-service: smtps:// is TLS from the start; smtp:// with
  # SMTP_REQUIRE_TLS=true must upgrade with STARTTLS. Alertmanager cannot take STARTTLS only when
  # offered, as the contact-service does, so with smtp:// it requires it too, but for a host on
  # the stack's network (a name with no dot: a relay or catcher container, CI's mail), where
  # the mail never leaves the machine.
  if [ $scheme = smtps ]; then
    require_tls=true tls="TLS"
  elif [ "$require_tls" = true ]; then
    tls="STARTTLS required"
  else
    case $host in
      *.* | *:* | localhost) require_tls=true tls="STARTTLS required: not on the stack's network" ;;
      *) tls="no TLS: on the stack's network" ;;
    esac
  fi
fi

# --- Teams: TEAMS_WEBHOOK_URL -----------------------------------------------------------------------
teams_url=${TEAMS_WEBHOOK_URL:-}
teams=''
if [ -n "$teams_url" ]; then
  case $teams_url in
    https://*) ;;
    *) fail "TEAMS_WEBHOOK_URL must be an https:// URL" ;;
  esac
  teams_host=${teams_url#https://}
  teams_host=${teams_host%%[/:?#]*}
  case $teams_host in
    # An Office 365 connector (retired by Microsoft): msteams_configs and its MessageCard.
    *.webhook.office.com | outlook.office.com | outlook.office365.com) teams=msteams_configs ;;
    # A Workflows (Power Automate) webhook, as the contact-service's: an Adaptive Card.
    *) teams=msteamsv2_configs ;;
  esac
fi

if ! $mail && [ -z "$teams" ]; then
  fail "$missing must be set for alerts to reach a person by mail (or TEAMS_WEBHOOK_URL for Teams; docs/monitoring.md)"
fi

# --- The configuration --------------------------------------------------------------------------------
# The secrets first, in files of their own.
if $mail && [ -n "$password" ]; then
  url_decode "$password" >"$out/smtp-password"
fi
[ -z "$teams" ] || printf '%s' "$teams_url" >"$out/teams-webhook-url"

{
  echo "# Written by infra/monitoring/alertmanager.sh from .env's settings at each start: not to edit."
  if $mail; then
    echo "global:"
    echo "  smtp_smarthost: $(quote "$host:$port")"
    echo "  smtp_from: $(quote "$from")"
    echo "  smtp_require_tls: $require_tls"
    [ -z "$user" ] || echo "  smtp_auth_username: $(quote "$user")"
    [ -z "$password" ] || echo "  smtp_auth_password_file: $(quote "$out/smtp-password")"
  fi
  # A small team: one message per alert name (every replica, every instance in it), 30 s to
  # gather what fires together, again every 4 hours while it fires.
  cat <<'EOF'
route:
  receiver: team
  group_by: [alertname]
  group_wait: 30s
  group_interval: 5m
  repeat_interval: 4h
EOF
  if content "$local_dir/alertmanager-routes.yml"; then
    echo "  # local/alertmanager-routes.yml"
    echo "  routes:"
    sed 's/^/    /' "$local_dir/alertmanager-routes.yml"
  fi
  # While no replica answers, the alerts about one replica say nothing more.
  cat <<'EOF'
inhibit_rules:
  - source_matchers: [alertname="ContactServiceAbsent"]
    target_matchers: [alertname=~"ContactServiceDown|ContactServiceReplicaMissing"]
    equal: [job]
receivers:
  - name: team
EOF
  if $mail; then
    echo "    email_configs:"
    echo "      - to: $(quote "$to")"
    echo "        send_resolved: true"
    [ "$scheme" = smtps ] && [ "$port" != 465 ] && echo "        force_implicit_tls: true"
    cat <<'EOF'
        headers:
          Subject: '[{{ .Status | toUpper }}{{ if eq .Status "firing" }}:{{ .Alerts.Firing | len }}{{ end }}] {{ .GroupLabels.alertname }}{{ with .CommonAnnotations.summary }}: {{ . }}{{ end }}'
EOF
  fi
  if [ -n "$teams" ]; then
    echo "    $teams:"
    echo "      - webhook_url_file: $(quote "$out/teams-webhook-url")"
    echo "        send_resolved: true"
  fi
  if content "$local_dir/alertmanager-receivers.yml"; then
    echo "  # local/alertmanager-receivers.yml"
    sed 's/^/  /' "$local_dir/alertmanager-receivers.yml"
  fi
  echo "templates:"
  echo "  - $(quote "$local_dir/*.tmpl")"
} >"$config"

said="alertmanager: alerts go"
$mail && said="$said by mail to $to through $host:$port ($tls)"
$mail && [ -n "$teams" ] && said="$said, and"
[ -z "$teams" ] || said="$said to Teams ($teams)"
content "$local_dir/alertmanager-routes.yml" && said="$said, and by the routes of local/alertmanager-routes.yml"
echo "$said"
$mail || echo "alertmanager: no mail: $missing not set"

if [ -n "${run:-}" ]; then
  exec alertmanager --config.file="$config" "$@"
fi
echo "$config"
