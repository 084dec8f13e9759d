#!/usr/bin/env bash
# The JMH benchmarks (docs/performance.md): the rules engine (EngineBenchmark), dealing
# (DealBenchmark: seeded, secure, a tournament board's deal with its commitment), both in the
# server's test sources, and bridge (ScoringBenchmark, bridge's test sources). Not part of any
# test run. Builds the test classes with the reactor (no install), then runs JMH once per module.
#   bench/jmh.sh                                  # every benchmark, each class's own defaults
#   bench/jmh.sh bridge                           # one module: bridge or server
#   bench/jmh.sh server -f 1 -wi 2 -i 3 DealBenchmark   # a module, then any JMH options
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/classpath.sh"
modules=(bridge server)
case "${1:-}" in
  bridge|server) modules=("$1"); shift ;;
esac

build_test_classes server
for m in "${modules[@]}"; do
  cp="$(test_classpath "$m")"
  echo "# $m, $(date -u +%FT%TZ), $(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg)"
  java -cp "$cp" org.openjdk.jmh.Main "$@"
done
