#!/usr/bin/env bash
# The table server under load (server/src/test/java/org/tenace/server/load/LoadDriver): starts
# `tenace server` (H2 store and journal in a temporary folder, as in production), plays as many
# boards as it can with four scripted players per table over loopback gRPC, and prints one line a
# run; then measures the heap an idle table costs. Usage:
#   bench/load.sh [TABLES...]        # default: 16 32 64, each run 10 s warm-up + 20 s measured
#   RUNS=3 SECONDS_MEASURED=20 IDLE=10000 bench/load.sh 16 64
#   SERVER_ARGS=--sync IDLE=0 bench/load.sh 16   # extra server options, such as --sync
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${RUNS:-3}"
measured="${SECONDS_MEASURED:-20}"
warmup="${SECONDS_WARMUP:-10}"
idle="${IDLE:-10000}"
[ $# -gt 0 ] || set -- 16 32 64

./mvnw -B -q -DskipTests package >&2
./mvnw -B -q -pl server -am test-compile \
  org.apache.maven.plugins:maven-dependency-plugin:3.9.0:build-classpath \
  -Dmdep.includeScope=test -Dmdep.outputFile=target/bench-classpath.txt >&2
cp="server/target/test-classes:server/target/classes:$(cat server/target/bench-classpath.txt)"

work="$(mktemp -d)"
server_pid=""
trap '[ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null; rm -rf "$work"' EXIT

# Starts a fresh server on a free port; sets server_pid and port.
start_server() {
  port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')"
  rm -rf "$work/db" && mkdir -p "$work/db"
  java ${SERVER_JAVA_OPTS:-} -jar server/target/tenace-server.jar server --port "$port" \
    --max-tables 0 --max-tables-per-client 0 --max-calls-per-connection 0 \
    --db "jdbc:h2:$work/db/tenace" ${SERVER_ARGS:-} >"$work/server.log" 2>&1 &
  server_pid=$!
  for _ in $(seq 1 100); do
    grep -q "listening" "$work/server.log" && return 0
    sleep 0.2
  done
  cat "$work/server.log" >&2
  exit 1
}

stop_server() {
  kill "$server_pid"; wait "$server_pid" 2>/dev/null || true; server_pid=""
}

echo "# $(date -u +%FT%TZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)${SERVER_ARGS:+, server $SERVER_ARGS}"
for tables in "$@"; do
  for run in $(seq 1 "$runs"); do
    start_server
    java -cp "$cp" org.tenace.server.load.LoadDriver --server "127.0.0.1:$port" \
      --pid "$server_pid" --tables "$tables" --warmup "$warmup" --seconds "$measured"
    stop_server
  done
done

# What an idle table costs: the live heap after a full GC, before and after creating them.
heap() {
  jcmd "$server_pid" GC.run >/dev/null
  sleep 1
  jcmd "$server_pid" GC.heap_info | awk '/used/ { for (i = 1; i <= NF; i++) if ($i == "used") { v = $(i+1); sub("K,?", "", v); print v; exit } }'
}
if [ "$idle" -gt 0 ]; then
  start_server
  before="$(heap)"
  java -cp "$cp" org.tenace.server.load.LoadDriver --server "127.0.0.1:$port" --idle "$idle" >/dev/null
  after="$(heap)"
  echo "idle tables $idle  heap before ${before} KB, after ${after} KB: $(( (after - before) * 1024 / idle )) bytes a table"
  stop_server
fi
