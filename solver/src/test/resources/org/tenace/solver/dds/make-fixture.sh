#!/usr/bin/env bash
# Regenerates dds-fixture.txt: seeded random deals (1,000 unless told) with DDS 2.9's table,
# DealerPar and Par (dds-fixture.c, then dds-par.c). Needs Debian's libdds-dev and a C compiler.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
cc -O2 -o "$out/dds-fixture" dds-fixture.c -ldds
cc -O2 -o "$out/dds-par" dds-par.c -ldds
"$out/dds-fixture" "${1:-1000}" "${2:-20261125}" | "$out/dds-par" > dds-fixture.txt
