#!/usr/bin/env bash
# The rules engine's JMH benchmark (server/src/test/java/org/tenace/server/engine/EngineBenchmark):
# whole random boards through DealState on one thread, reported as actions per second.
# Builds the test classes with the reactor (no install), then runs JMH; arguments go to JMH, e.g.
#   bench/engine.sh                      # the defaults: 2 forks, 3 warm-up + 5 measured iterations
#   bench/engine.sh -f 1 -wi 2 -i 3 EngineBenchmark.board
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/classpath.sh"
build_test_classes server
cp="$(test_classpath server)"
if [ $# -eq 0 ]; then
  set -- 'org.tenace.server.engine.EngineBenchmark'
fi
exec java -cp "$cp" org.openjdk.jmh.Main "$@"
