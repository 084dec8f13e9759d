#!/usr/bin/env bash
# Three server nodes on one PostgreSQL beside one node on H2, in the same minutes
# (docs/performance.md, "Several nodes on one PostgreSQL"). Needs the built jars
# (./mvnw -B -ntp -pl server,benchmark -am package -DskipTests) and PostgreSQL: the one at PGURL
# (PGUSER, PGPASSWORD of a superuser, so that each round gets a fresh database), or else one of
# its own, made with the machine's initdb (Debian's /usr/lib/postgresql/*/bin, or PG_BIN) in a
# scratch folder, on loopback, with PostgreSQL's default settings, and removed at the end.
#   bench/cluster.sh [TABLES [SECONDS [ROUNDS]]]
# Each round runs one `tenace bench` against the three nodes (TABLES tables, made on each node in
# turn) and one against the H2 node (TABLES tables), the order alternating from round to round;
# each bench measures SECONDS after WARMUP s of warm-up (10 unless given), and reads its nodes' CPU (PostgreSQL's
# processes' too) and commit latency (their /metrics). SYNC_COMMIT=off sets PostgreSQL's
# synchronous_commit off for the benchmark's databases. NODE_JAVA_OPTS is given to every node's
# JVM; PROFILE=SETTINGS (profile, or a .jfc file) has each node record a flight recording with
# those settings into the output folder, NAME.jfr (`jfr print --events jdk.ExecutionSample`). Every step is
# bounded in time; the figures are printed at the end, a line per run, and each run's JSON kept
# in the output folder.
set -euo pipefail
cd "$(dirname "$0")/.."
TABLES=${1:-48}
SECONDS_=${2:-20}
ROUNDS=${3:-3}
SYNC_COMMIT=${SYNC_COMMIT:-on}
WARMUP=${WARMUP:-10}
SERVER=server/target/tenace-server.jar
BENCH=benchmark/target/tenace-bench.jar
OUT=$(mktemp -d /tmp/tenace-cluster-bench.XXXXXX)
PIDS=()
PGHOME=

for jar in "$SERVER" "$BENCH"; do
  [ -f "$jar" ] || { echo "no $jar: ./mvnw -B -ntp -pl server,benchmark -am package -DskipTests" >&2; exit 2; }
done

cleanup() {
  [ ${#PIDS[@]} -gt 0 ] && kill "${PIDS[@]}" 2>/dev/null || true
  if [ -n "$PGHOME" ]; then
    as_pg "$PG_BIN/pg_ctl" -D "$PGHOME/data" -m immediate -w stop >/dev/null 2>&1 || true
    rm -rf "$PGHOME"
  fi
}
trap cleanup EXIT

as_pg() { # PostgreSQL refuses to run as root: as root, its programs run as the postgres user
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

free_port() {
  python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])'
}

if [ -z "${PGURL:-}" ]; then
  PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
  [ -x "$PG_BIN/initdb" ] || { echo "no PostgreSQL: give PGURL, or PG_BIN (initdb, pg_ctl)" >&2; exit 2; }
  PGHOME=$(mktemp -d /tmp/tenace-cluster-pg.XXXXXX)
  mkdir -p "$PGHOME/run"
  PGUSER=tenace
  PGPASSWORD=bench-$RANDOM$RANDOM
  echo "$PGPASSWORD" >"$PGHOME/pw"
  [ "$(id -u)" = 0 ] && chown -R postgres:postgres "$PGHOME"
  as_pg "$PG_BIN/initdb" -D "$PGHOME/data" -U "$PGUSER" --pwfile="$PGHOME/pw" \
    --auth-host=scram-sha-256 --auth-local=trust -E UTF8 --locale=C >"$OUT/initdb.log"
  port=$(free_port)
  as_pg "$PG_BIN/pg_ctl" -D "$PGHOME/data" -w -t 60 -l "$PGHOME/postgres.log" \
    -o "-p $port -c listen_addresses=127.0.0.1 -k $PGHOME/run" start >/dev/null
  PGURL=jdbc:postgresql://127.0.0.1:$port
  DB_PID=$(head -1 "$PGHOME/data/postmaster.pid")
else
  : "${PGUSER:?give PGUSER, a superuser}" "${PGPASSWORD:?give PGPASSWORD}"
  DB_PID=${DB_PID:-}
fi
PGHOSTPORT=${PGURL#jdbc:postgresql://}

newdb() {
  local name="bench_$(date +%s%N)"
  PGPASSWORD="$PGPASSWORD" timeout 60 psql -h "${PGHOSTPORT%:*}" -p "${PGHOSTPORT##*:}" \
    -U "$PGUSER" -d postgres -qc "CREATE DATABASE $name" \
    -c "ALTER DATABASE $name SET synchronous_commit = $SYNC_COMMIT" >/dev/null
  echo "$PGURL/$name"
}

node() { # NAME DB PORT METRICS -> its pid, once it listens (at most 120 s)
  local log="$OUT/$1.log" opts
  read -ra opts <<<"${NODE_JAVA_OPTS:-}"
  [ -n "${PROFILE:-}" ] \
    && opts+=("-XX:StartFlightRecording=filename=$OUT/$1.jfr,settings=$PROFILE,dumponexit=true")
  TENACE_DB_PASSWORD="$PGPASSWORD" java "${opts[@]}" -jar "$SERVER" server --host 127.0.0.1 --port "$3" \
    --http-port 0 --db "$2" --db-user "$PGUSER" --advertise "127.0.0.1:$3" \
    --metrics-port "$4" --max-tables 0 --max-tables-per-client 0 --max-calls-per-connection 0 \
    --idle-timeout 0 --robot-pace 0 --parent-pid $$ >"$log.out" 2>"$log" &
  local pid=$!
  PIDS+=("$pid")
  for _ in $(seq 240); do grep -q listening "$log.out" 2>/dev/null && break; sleep 0.5; done
  grep -q listening "$log.out" || { echo "node $1 did not start:" >&2; tail "$log" "$log.out" >&2; exit 1; }
  echo "$pid"
}

stop() { # PID... : SIGTERM, then wait until each is gone (at most 60 s each)
  kill "$@" 2>/dev/null || true
  for p in "$@"; do
    for _ in $(seq 120); do kill -0 "$p" 2>/dev/null || break; sleep 0.5; done
  done
  PIDS=()
}

bench() { # NAME ARGS... : one bench, bounded to its seconds and five minutes more
  timeout $((SECONDS_ + 300)) java -jar "$BENCH" bench --tables "$TABLES" --warmup "$WARMUP" \
    --seconds "$SECONDS_" --json "$OUT/$1.json" "${@:2}" >"$OUT/$1.txt" 2>&1 \
    || { echo "bench $1 failed:" >&2; tail -20 "$OUT/$1.txt" >&2; exit 1; }
}

cluster() { # ROUND
  local db a b c
  db=$(newdb)
  local p=(50071 50072 50073) m=(50081 50082 50083)
  a=$(node "pg1-r$1" "$db" "${p[0]}" "${m[0]}")
  b=$(node "pg2-r$1" "$db" "${p[1]}" "${m[1]}")
  c=$(node "pg3-r$1" "$db" "${p[2]}" "${m[2]}")
  bench "cluster-r$1" --server "127.0.0.1:${p[0]},127.0.0.1:${p[1]},127.0.0.1:${p[2]}" \
    --server-pid "$a,$b,$c" \
    --server-metrics "127.0.0.1:${m[0]},127.0.0.1:${m[1]},127.0.0.1:${m[2]}" \
    ${DB_PID:+--db-pid "$DB_PID"}
  stop "$a" "$b" "$c"
}

h2() { # ROUND
  local a
  a=$(node "h2-r$1" "jdbc:h2:$OUT/h2-r$1/tenace" 50074 50084)
  bench "h2-r$1" --server 127.0.0.1:50074 --server-pid "$a" --server-metrics 127.0.0.1:50084
  stop "$a"
}

echo "tables $TABLES, $SECONDS_ s measured after $WARMUP s, $ROUNDS rounds, synchronous_commit $SYNC_COMMIT;" \
  "load average $(cut -d' ' -f1-3 /proc/loadavg); output in $OUT"
for round in $(seq "$ROUNDS"); do
  if [ $((round % 2)) = 1 ]; then cluster "$round"; h2 "$round"; else h2 "$round"; cluster "$round"; fi
  echo "round $round done, load average $(cut -d' ' -f1-3 /proc/loadavg)"
done

field() { grep -o "\"$2\": [^,}]*" "$OUT/$1.json" | head -1 | sed 's/.*: //'; }
printf '%-12s %10s %14s %12s %12s %12s %12s %10s\n' run actions/s cpu-us/action db-us/action \
  append-p50us append-p99us seats-p99us load
for round in $(seq "$ROUNDS"); do
  for run in "cluster-r$round" "h2-r$round"; do
    printf '%-12s %10s %14s %12s %12s %12s %12s %10s\n' "$run" "$(field "$run" actions_per_s)" \
      "$(field "$run" server_cpu_us_per_action)" "$(field "$run" db_cpu_us_per_action)" \
      "$(field "$run" append_p50_us)" "$(field "$run" append_p99_us)" "$(field "$run" p99_us)" \
      "$(field "$run" load_average_before)"
  done
done
