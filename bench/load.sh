#!/usr/bin/env bash
# The table server under load, through `tenace bench` (benchmark/, org.tenace.bench): each run
# starts `tenace server` on its own (H2 store and journal in a temporary folder, as in production),
# plays as many boards as it can with four scripted players per table over loopback gRPC, and
# prints its figures; with OUT set, each run's JSON object is appended to OUT (one a line). Then it
# measures what an idle table costs. Usage:
#   bench/load.sh [TABLES...]        # default: 16 32 64, each run 10 s warm-up + 20 s measured
#   RUNS=3 SECONDS_MEASURED=20 IDLE=10000 OUT=runs.jsonl bench/load.sh 16 64
#   PIN=1 bench/load.sh 1            # the server on cpu 0, the players on the other cores
#   BENCH_ARGS="--server-arg=--sync" bench/load.sh 16   # more options for tenace bench
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
runs="${RUNS:-3}"
measured="${SECONDS_MEASURED:-20}"
warmup="${SECONDS_WARMUP:-10}"
idle="${IDLE:-10000}"
[ $# -gt 0 ] || set -- 16 32 64

./mvnw -B -q -DskipTests package >&2
pin=()
extra=(${BENCH_ARGS:-})
if [ -n "${PIN:-}" ]; then
  pin=(taskset -c "1-$(( $(nproc) - 1 ))")
  extra+=(--server-cpus 0)
fi

bench() {
  local json
  json="$(mktemp)"
  "${pin[@]}" ./tenace bench --json "$json" "${extra[@]}" "$@"
  if [ -n "${OUT:-}" ]; then cat "$json" >>"$OUT"; fi
  rm -f "$json"
}

for tables in "$@"; do
  for _ in $(seq 1 "$runs"); do
    bench --tables "$tables" --warmup "$warmup" --seconds "$measured"
  done
done
if [ "$idle" -gt 0 ]; then
  bench --tables 0 --idle "$idle"
fi
