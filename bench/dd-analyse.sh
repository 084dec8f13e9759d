#!/usr/bin/env bash
# `tenace analyse` on hand records, checked twice: `tenace score --check` must read what it wrote
# with no disagreement, and every deal's OptimumResultTable must be DDS 2.9's CalcDDtablePBN
# table for that deal (Debian's libdds-dev, which .ci/run installs, through bench/dd/dds-table.c).
# Prints a line a file and a total; exits 1 on any difference, naming file, board and entries.
#   bench/dd-analyse.sh FILE.pbn...
# DD_ANALYSE_TIMEOUT (seconds a file, default 3600) bounds each analyse; DD_ANALYSE_OPTS adds
# options to it (say --no-costs).
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: bench/dd-analyse.sh FILE.pbn..." >&2
  exit 2
fi
files=()
for f in "$@"; do
  [ -f "$f" ] || { echo "dd-analyse: $f: no such file" >&2; exit 2; }
  files+=("$(cd "$(dirname "$f")" && pwd)/$(basename "$f")")
done
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
./mvnw -B -q -pl client-cli -am package -DskipTests >&2
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cc -O2 -o "$work/dds-table" bench/dd/dds-table.c -ldds
tenace=(java -jar client-cli/target/tenace-cli.jar)

# One line a game of a PBN file: "BOARD<TAB>DEAL<TAB>TRICKS", TRICKS the 20 results of its
# OptimumResultTable in the rows Tenace writes (declarers N S E W, each NT S H D C; PbnOptimum),
# "-" for an entry missing, "none" without the table. Games end at a blank line (PBN 2.1 3.1).
games() {
  awk '
    function flush(   out, d, s) {
      if (deal != "") {
        if (!table) out = "none"
        else for (d = 1; d <= 4; d++) for (s = 1; s <= 5; s++) {
          k = substr("NSEW", d, 1) " " den[s]
          out = out (out == "" ? "" : " ") (k in t ? t[k] : "-")
        }
        print board "\t" deal "\t" out
      }
      board = "?"; deal = ""; table = 0; rows = 0; delete t
    }
    BEGIN { split("NT S H D C", den, " "); flush() }
    { sub(/\r$/, "") }
    /^[ \t]*$/ { flush(); rows = 0; next }
    /^\[/ { rows = 0 }
    /^\[Board "/ { board = $0; sub(/^\[Board "/, "", board); sub(/"\].*/, "", board) }
    /^\[Deal "/ { deal = $0; sub(/^\[Deal "/, "", deal); sub(/"\].*/, "", deal) }
    /^\[OptimumResultTable "/ {
      if ($0 != "[OptimumResultTable \"Declarer;Denomination\\2R;Result\\2R\"]") {
        print "dd-analyse: unexpected table header: " $0 > "/dev/stderr"; exit 1
      }
      table = 1; rows = 1; next
    }
    rows && NF == 3 && $1 ~ /^[NESW]$/ && $2 ~ /^(NT|S|H|D|C)$/ && $3 ~ /^[0-9]+$/ {
      t[$1 " " $2] = $3; next
    }
    END { flush() }
  ' "$1"
}

status=0
all=0; all_equal=0; all_differ=0; all_seconds=0
for f in "${files[@]}"; do
  name="$(basename "$f")"
  out="$work/out.pbn"
  rm -f "$out"
  start=$SECONDS
  analyse_rc=0
  # shellcheck disable=SC2086
  timeout "${DD_ANALYSE_TIMEOUT:-3600}" "${tenace[@]}" analyse ${DD_ANALYSE_OPTS:-} "$f" \
    -o "$out" 2>"$work/err" || analyse_rc=$?
  seconds=$((SECONDS - start))
  # What analyse had to say (a board it could not solve, a play it could not follow).
  awk -v p="$name: " '{ print p $0 }' "$work/err"
  if [ "$analyse_rc" != 0 ]; then
    echo "$name: analyse failed (exit $analyse_rc$([ "$analyse_rc" = 124 ] && echo ", timed out"))"
    status=1
    continue
  fi
  check_rc=0
  "${tenace[@]}" score --check "$out" >"$work/check" 2>&1 || check_rc=$?
  check="$(tail -n 1 "$work/check")"
  if [ "$check_rc" != 0 ] || ! [[ "$check" =~ ,\ 0\ disagree$ ]]; then
    echo "$name: score --check on the analysed file (exit $check_rc):"
    cat "$work/check"
    status=1
  fi
  games "$out" >"$work/games"
  cut -f 1,2 "$work/games" | awk -F '\t' '{ print NR "\t" $2 }' | "$work/dds-table" >"$work/dds"
  # Entry by entry (the rows are the table's: N S E W declaring, each in NT S H D C); a deal
  # that differs is named on the standard output, the counts go to $work/counts.
  awk -F '\t' -v file="$name" -v counts="$work/counts" '
    BEGIN { split("NT S H D C", den, " ") }
    NR == FNR { dds[$1] = $2; next }
    {
      n++
      if ($3 == "none") { print file ": board " $1 ": no OptimumResultTable"; bad++; next }
      split($3, tn, " "); split(dds[FNR], dn, " ")
      diff = ""
      for (i = 1; i <= 20; i++) if (tn[i] != dn[i]) {
        diff = diff sprintf(" %s %s Tenace %s DDS %s;", substr("NSEW", int((i - 1) / 5) + 1, 1),
          den[(i - 1) % 5 + 1], tn[i], dn[i])
      }
      if (diff == "") ok++
      else { print file ": board " $1 ":" diff; bad++ }
    }
    END { print n + 0, ok + 0, bad + 0 > counts }
  ' "$work/dds" "$work/games"
  read -r deals equal differ <"$work/counts"
  echo "$name: $deals deals, $equal tables equal to DDS's, $differ differ; score --check: $check;" \
    "analyse ${seconds} s"
  all_seconds=$((all_seconds + seconds))
  all=$((all + deals)); all_equal=$((all_equal + equal)); all_differ=$((all_differ + differ))
  [ "$differ" = 0 ] || status=1
done
echo "total: $all deals, $all_equal tables equal to DDS's, $all_differ differ;" \
  "analyse ${all_seconds} s"
exit "$status"
