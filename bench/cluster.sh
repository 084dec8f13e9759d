#!/usr/bin/env bash
# Two server nodes on one PostgreSQL against one node on it, in the same minutes
# (docs/performance.md, "Several nodes"). Needs a PostgreSQL reachable at PGURL (a superuser, so
# that each round gets a fresh database) and the built jars (./mvnw -pl server,benchmark -am
# package -DskipTests).
#   PGURL=jdbc:postgresql://127.0.0.1:5432 PGUSER=tenace PGPASSWORD=... bench/cluster.sh [TABLES [SECONDS [ROUNDS]]]
# Each round: one node with TABLES tables, then two nodes with TABLES/2 each (one `tenace bench`
# per node, at once); the figures are each bench's own line, the two nodes' summed by the reader.
set -euo pipefail
cd "$(dirname "$0")/.."
TABLES=${1:-16}
SECONDS_=${2:-15}
ROUNDS=${3:-2}
: "${PGURL:?give PGURL=jdbc:postgresql://HOST:PORT}" "${PGUSER:?}" "${PGPASSWORD:?}"
SERVER=server/target/tenace-server.jar
BENCH=benchmark/target/tenace-bench.jar
OUT=$(mktemp -d)
SHOW="actions|seats, p50|seats, p99 |CPU per action|server CPU  "

newdb() {
  local name="bench_$(date +%s%N)"
  psql "postgresql://$PGUSER:$PGPASSWORD@${PGURL#jdbc:postgresql://}/postgres" -qc \
    "CREATE DATABASE $name" >/dev/null
  echo "$PGURL/$name"
}

node() { # DB PORT -> pid
  local log="$OUT/node-$2.log"
  TENACE_DB_PASSWORD="$PGPASSWORD" java -jar "$SERVER" server --host 127.0.0.1 --port "$2" \
    --http-port 0 --db "$1" --db-user "$PGUSER" --advertise "127.0.0.1:$2" \
    --max-tables 0 --max-tables-per-client 0 --max-calls-per-connection 0 --idle-timeout 0 \
    --robot-pace 0 --parent-pid $$ >"$log.out" 2>"$log" &
  local pid=$!
  for _ in $(seq 240); do grep -q listening "$log.out" 2>/dev/null && break; sleep 0.5; done
  grep -q listening "$log.out" || { echo "node on $2 did not start:" >&2; tail "$log" "$log.out" >&2; exit 1; }
  echo "$pid"
}

stop() { # PID... : SIGTERM, then wait until each is gone (they are not this shell's children)
  kill "$@" 2>/dev/null || true
  for p in "$@"; do
    for _ in $(seq 120); do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
  done
}

bench() { # PORT PID TABLES
  java -jar "$BENCH" bench --server "127.0.0.1:$1" --server-pid "$2" --tables "$3" --warmup 5 \
    --seconds "$SECONDS_"
}

for round in $(seq "$ROUNDS"); do
  db=$(newdb)
  a=$(node "$db" 50071)
  echo "== round $round: one node, $TABLES tables"
  bench 50071 "$a" "$TABLES" | grep -E "$SHOW"
  stop "$a"
  db=$(newdb)
  a=$(node "$db" 50071)
  b=$(node "$db" 50072)
  echo "== round $round: two nodes, $((TABLES / 2)) tables each"
  bench 50071 "$a" $((TABLES / 2)) >"$OUT/a.txt" &
  ba=$!
  bench 50072 "$b" $((TABLES / 2)) >"$OUT/b.txt"
  wait "$ba"
  echo "-- node 1"; grep -E "$SHOW" "$OUT/a.txt"
  echo "-- node 2"; grep -E "$SHOW" "$OUT/b.txt"
  stop "$a" "$b"
done
