#!/usr/bin/env bash
# Tenace's double-dummy solver against DDS 2.9 (Debian's libdds-dev, which .ci/run installs) on
# the same seeded random deals in the same run: the full 20-result table of each deal, on one
# thread deal by deal (DDS then Tenace, interleaved), then on two threads. Prints a Markdown
# table of mean, p50, p99 and worst per deal and deals/s, with Tenace's ratio to DDS.
#   bench/dd.sh [DEALS [SEED]]      # defaults: 10 deals, seed 1
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/classpath.sh"
build_test_classes solver
helper="$(mktemp -d)"
trap 'rm -rf "$helper"' EXIT
cc -O2 -o "$helper/dds-time" bench/dd/dds-time.c -ldds
cp="$(test_classpath solver)"
java -cp "$cp" org.tenace.solver.DdBench "$helper/dds-time" "${1:-10}" "${2:-1}"
