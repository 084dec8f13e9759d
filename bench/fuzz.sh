#!/usr/bin/env bash
# Fuzzes one target with Jazzer for a given time: bench/fuzz.sh TARGET SECONDS
#   TARGET: pbn | lin | cli | grpc (see docs/fuzzing.md)
# Without JAZZER_FUZZ the same tests only replay their committed inputs (every ordinary build).
# A finding is written to the target's src/test/resources/.../<Class>Inputs/<method>/ directory:
# commit it with the fix. The generated corpus (.cifuzz-corpus/) stays out of git.
# Run it from a copy of the tree when you keep building meanwhile: it uses the module's target/.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: bench/fuzz.sh pbn|lin|cli|grpc SECONDS}
seconds=${2:?usage: bench/fuzz.sh pbn|lin|cli|grpc SECONDS}
case "$target" in
  pbn)  module=bridge;     test='PbnReaderFuzzTest#anyBytesNeverBreakTheReader' ;;
  lin)  module=bridge;     test='LinReaderFuzzTest#anyBytesNeverBreakTheReader' ;;
  cli)  module=client-cli; test='InputParserFuzzTest#anyLineAtAnyTurnIsACommand' ;;
  grpc) module=server;     test='RequestFuzzTest#anyRequestsAreAnsweredOrRefusedInWords' ;;
  *) echo "unknown target '$target': pbn, lin, cli or grpc" >&2; exit 2 ;;
esac
# Every Tenace class is instrumented, including those the module takes from its dependencies' jars.
export JAZZER_FUZZ=1 JAZZER_MAX_DURATION="${seconds}s" JAZZER_INSTRUMENTATION_INCLUDES='org.tenace.**'
exec nice -n 10 ./mvnw -B -ntp -o -pl "$module" test -Dtest="$test" \
  -Dsurefire.failIfNoSpecifiedTests=false -Djacoco.skip=true
