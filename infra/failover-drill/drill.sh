#!/usr/bin/env bash
# `make failover-drill` (docs/operating.md, "When the database fails over"): two PostgreSQL servers
# with synchronous streaming replication managed by Patroni (etcd as its store), clients routed to
# the primary by HAProxy on Patroni's health endpoint, and the real contact-service (two API
# replicas and a worker, as `make up` runs them), each in network namespaces of the drill's own:
#
#   hub 10.77.0.1 (a bridge, etcd) ── db1 10.77.0.11 (Patroni, Postgres)
#                                  ├─ db2 10.77.0.12 (Patroni, Postgres)
#                                  └─ app 10.77.0.20 (HAProxy :5000, the service, the drill's
#                                     load, webhook receiver and SMTP server)
#
# contact-service/bench/failover-drill/drill.ts takes it through two rounds: a burst of POSTs, and
# mid-burst the primary node dies (its Patroni and postmaster SIGKILLed together), then is cut off
# (its link taken down); each round ends with the old primary back as a standby, and one line:
#   failover: acknowledged N, stored N, lost 0, unexpected answers 0, recovered in S s
# Exits non-zero when a round falls short of it. Nothing touches the host's own network.
#
# `drill.sh node COMMAND NODE` is what the drill's driver calls for a fault: primary, kill, cut,
# restore, start, wait-standby.
set -euo pipefail
cd "$(dirname "$0")/../.."
source infra/shell-lib.sh
ns=${DRILL_NAMESPACE:-fdrill}
# shellcheck disable=SC2012 # the newest of Debian's /usr/lib/postgresql/<major>/bin
pg_bin=${DRILL_PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1)}
in_ns() {
  local where=$1
  shift
  ip netns exec "$ns-$where" "$@"
}
as_postgres() { setpriv --reuid=postgres --regid=postgres --init-groups "$@"; }
address_of() { case $1 in db1) echo 10.77.0.11 ;; db2) echo 10.77.0.12 ;; esac }
patroni_says() { # NODE ENDPOINT: Patroni's REST API on NODE answers 200 at ENDPOINT (primary, sync)
  [[ $(in_ns app curl -s -o /dev/null -m 1 -w '%{http_code}' "http://$(address_of "$1"):8008/$2") == 200 ]]
}

# --- what the driver calls ---------------------------------------------------------------------
node_command() {
  local command=$1 node=${2:-}
  local work=${DRILL_WORK:?DRILL_WORK is not set}
  case $command in
    primary)
      for candidate in db1 db2; do
        if patroni_says "$candidate" primary; then
          echo "$candidate"
          return 0
        fi
      done
      return 1
      ;;
    start)
      NODE=$node ADDRESS=$(address_of "$node") WORK=$work PG_BIN=$pg_bin \
        envsubst <infra/failover-drill/patroni.yml.template >"$work/$node.yml"
      mkdir -p "$work/$node"
      chown postgres:postgres "$work/$node" "$work/$node.yml"
      chmod 700 "$work/$node"
      ip netns exec "$ns-$node" setpriv --reuid=postgres --regid=postgres --init-groups \
        patroni "$work/$node.yml" >>"$work/logs/patroni-$node.log" 2>&1 &
      echo $! >"$work/$node.patroni.pid"
      disown
      ;;
    kill)
      # The node dies: its HA agent and its postmaster at once (the postmaster alone would only
      # be restarted in place by Patroni).
      local postmaster
      postmaster=$(head -n 1 "$work/$node/data/postmaster.pid")
      kill -KILL "$(cat "$work/$node.patroni.pid")" "$postmaster"
      ;;
    cut) in_ns "$node" ip link set eth0 down ;;
    restore) in_ns "$node" ip link set eth0 up ;;
    wait-standby)
      # Back as the synchronous standby (Patroni's GET /sync answers 200 only there).
      within 120 patroni_says "$node" sync && return 0
      echo "$node did not come back as the synchronous standby within 120 s" >&2
      return 1
      ;;
    *)
      echo "unknown node command: $command" >&2
      return 2
      ;;
  esac
}
if [[ ${1:-} == node ]]; then
  shift
  node_command "$@"
  exit
fi

# --- the drill ---------------------------------------------------------------------------------
ready=yes
need_commands "make failover-drill" patroni etcd:etcd-server haproxy ip:iproute2 setpriv:util-linux \
  envsubst:gettext-base curl psql:postgresql-client || ready=no
[[ -x $pg_bin/postgres ]] || {
  echo "make failover-drill needs postgres (in /usr/lib/postgresql/*/bin), not installed: apt-get install postgresql" >&2
  ready=no
}
[[ $ready == yes ]] || exit 1
if [[ $(id -u) != 0 ]]; then
  echo "make failover-drill makes network namespaces of its own: run it as root (CI does)" >&2
  exit 1
fi
[[ -f contact-service/dist/bench/failover-drill/drill.js ]] || npm run --silent build -w contact-service
# The drill runs a copy of the build, so that a build while it runs (CI's other steps, a person's
# edit) cannot change the code under its processes. Inside contact-service/, so that the copy
# finds the same node_modules.
dist=contact-service/.data/failover-drill-dist
rm -rf "$dist"
mkdir -p "$(dirname "$dist")"
cp -r contact-service/dist "$dist"

work=$(mktemp -d /tmp/failover-drill.XXXXXX)
chmod 755 "$work"
mkdir -p "$work/logs"
export DRILL_WORK=$work DRILL_NAMESPACE=$ns
# Every process the drill starts is recorded in a .pid file (each one is the process itself:
# `ip netns exec` and setpriv exec what they run), and stopped by it at the end, with the
# Postgres servers by the PID they wrote. (Run by on_exit: each step runs whatever the one before
# did, and the drill still exits with its own status.)
cleanup() {
  local status=$?
  for pid_file in "$work"/*.pid; do
    [[ -f $pid_file ]] && kill -KILL "$(cat "$pid_file")" 2>/dev/null
  done
  for node in db1 db2; do
    [[ -f $work/$node/data/postmaster.pid ]] &&
      kill -KILL "$(head -n 1 "$work/$node/data/postmaster.pid")" 2>/dev/null
  done
  sleep 1
  for where in app db1 db2 hub; do ip netns delete "$ns-$where" 2>/dev/null; done
  if ((status != 0)); then
    mkdir -p .artifacts/failover-drill
    cp -r "$work/logs/." .artifacts/failover-drill/ 2>/dev/null
    echo "The drill's logs: .artifacts/failover-drill/" >&2
  fi
  rm -rf "$work"
}
on_exit cleanup

echo "==> Network namespaces $ns-{hub,db1,db2,app} (10.77.0.0/24, nothing on the host's network)"
for where in app db1 db2 hub; do ip netns delete "$ns-$where" 2>/dev/null || true; done
ip netns add "$ns-hub"
in_ns hub ip link set lo up
in_ns hub ip link add br0 type bridge
in_ns hub ip addr add 10.77.0.1/24 dev br0
in_ns hub ip link set br0 up
for entry in db1:11 db2:12 app:20; do
  where=${entry%%:*}
  ip netns add "$ns-$where"
  in_ns "$where" ip link set lo up
  in_ns hub ip link add "v-$where" type veth peer name eth0 netns "$ns-$where"
  in_ns hub ip link set "v-$where" master br0 up
  in_ns "$where" ip addr add "10.77.0.${entry##*:}/24" dev eth0
  in_ns "$where" ip link set eth0 up
done

echo "==> etcd, and Patroni on db1 and db2"
mkdir -p "$work/etcd"
chown postgres:postgres "$work/etcd"
chmod 700 "$work/etcd"
ip netns exec "$ns-hub" setpriv --reuid=postgres --regid=postgres --init-groups etcd --name drill \
  --data-dir "$work/etcd" --listen-client-urls http://10.77.0.1:2379 \
  --advertise-client-urls http://10.77.0.1:2379 --listen-peer-urls http://127.0.0.1:2380 \
  --initial-advertise-peer-urls http://127.0.0.1:2380 --initial-cluster drill=http://127.0.0.1:2380 \
  >>"$work/logs/etcd.log" 2>&1 &
echo $! >"$work/etcd.pid"
disown
within 10 in_ns app curl -fs -m 1 http://10.77.0.1:2379/health >/dev/null || true
started=$SECONDS
node_command start db1
primary_is() { [[ $(node_command primary 2>/dev/null) == "$1" ]]; }
within 60 primary_is db1 || true
node_command start db2
node_command wait-standby db2
echo "Primary db1, synchronous standby db2 ($((SECONDS - started)) s)"

echo "==> HAProxy and the contact-service (two API replicas and a worker) in $ns-app"
ip netns exec "$ns-app" haproxy -f infra/failover-drill/haproxy.cfg -db >>"$work/logs/haproxy.log" 2>&1 &
echo $! >"$work/haproxy.pid"
disown
database=postgres://postgres:postgres@127.0.0.1:5000
# HAProxy counts a server up until its checks say otherwise (two, 500 ms apart), so for its first
# second it also sends connections to the standby, which refuses to write. Ready once four
# connections in a row (its servers in turn) reach the primary.
in_a_row=0
for _ in $(seq 1 80); do
  if [[ $(in_ns app psql "$database/postgres" -qAtc 'SELECT pg_is_in_recovery()' 2>/dev/null) == f ]]; then
    in_a_row=$((in_a_row + 1))
    ((in_a_row < 4)) || break
  else
    in_a_row=0
  fi
  sleep 0.25
done
in_ns app psql "$database/postgres" -qc 'CREATE DATABASE contact'
export DATABASE_URL=$database/contact NODE_ENV=production LOG_LEVEL=${DRILL_LOG_LEVEL:-warn} \
  RATE_LIMIT_MAX=${DRILL_RATE_LIMIT_MAX:-3} RATE_LIMIT_WINDOW_SECONDS=600 \
  SMTP_URL=smtp://127.0.0.1:3125 NOTIFY_FROM=website@drill.test NOTIFY_TO=sales@drill.test \
  WEBHOOK_URL=http://127.0.0.1:3190/hook WEBHOOK_SECRET=whsec_ZmFpbG92ZXItZHJpbGwtd2ViaG9vay1zZWNyZXQ= \
  NOTIFY_RETRY_DELAY_SECONDS=1 NOTIFY_RETRY_LIMIT=30 NOTIFY_LEASE_SECONDS=10
for replica in 1 2; do
  PORT=310$replica HOST=127.0.0.1 BACKGROUND_JOBS=false \
    ip netns exec "$ns-app" node "$dist/src/entrypoints/api.js" >>"$work/logs/api$replica.log" 2>&1 &
  echo $! >"$work/api$replica.pid"
  disown
  # One at a time: the first applies the migrations.
  within 60 in_ns app curl -fs -m 1 "http://127.0.0.1:310$replica/api/health/ready" >/dev/null || true
done
PORT=3103 HOST=127.0.0.1 ip netns exec "$ns-app" node "$dist/src/entrypoints/worker.js" >>"$work/logs/worker.log" 2>&1 &
echo $! >"$work/worker.pid"
disown
within 60 in_ns app curl -fs -m 1 http://127.0.0.1:3103/api/health/ready >/dev/null || true
for port in 3101 3102 3103; do
  in_ns app curl -fs -m 2 "http://127.0.0.1:$port/api/health/ready" >/dev/null ||
    {
      echo "The contact-service on $port is not ready within 60 s; see its log" >&2
      exit 1
    }
done

echo "==> The rounds"
in_ns app node "$dist/bench/failover-drill/drill.js"
