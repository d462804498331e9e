#!/bin/sh
# glayers against ThorVG on Lottie files (docs/performance.md, "Lottie"): for each file,
# alternating rounds of `glayers bench FILE --frames FRAMES` (the whole frame of playing the
# composition at its own size, headless: flush, evaluate, flatten, draw, glFinish) and ThorVG
# rendering the same frames at the same size on its software canvas with no worker thread
# (scripts/lottie-bench.py thorvg); prints each file's medians over the rounds and the ratio
# glayers ÷ ThorVG, then the median ratio over the files, over all and over the files where
# only transforms, opacity and trims animate (scripts/lottie-bench.py classify).
#   scripts/lottie-bench.sh FILE-OR-FOLDER [FRAMES] [ROUNDS]     (defaults: 300 3)
#   GLAYERS=path           the glayers binary (default .build/release/glayers)
#   GLAYERS_ARGS="..."     more options for `glayers bench` (e.g. --no-damage)
#   NOOP=1                 glayers with GALLIUM_NOOP=1: Mesa takes every GL call and draws
#                          nothing, so its figure is the CPU's work per frame; ThorVG's is
#                          unchanged (all of its work is the CPU's)
#   GLAYERS_THREADS=1      (inherited) glayers builds and draws each frame on one thread;
#   LP_NUM_THREADS=0       (inherited) llvmpipe rasterizes on the calling thread
# Needs ThorVG's Python binding: pip install thorvg-python.
set -eu
INPUT=${1:?usage: scripts/lottie-bench.sh FILE-OR-FOLDER [FRAMES] [ROUNDS]}
FRAMES=${2:-300}
ROUNDS=${3:-3}
HERE=$(dirname "$0")
GLAYERS=${GLAYERS:-.build/release/glayers}
GLAYERS_ARGS=${GLAYERS_ARGS:-}
NOOP=${NOOP:-}
[ -x "$GLAYERS" ] || { echo "lottie-bench: no $GLAYERS (swift build -c release --product glayers)" >&2; exit 2; }
python3 -c 'import thorvg_python' 2>/dev/null || { echo "lottie-bench: pip install thorvg-python" >&2; exit 2; }

median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) print "nan"; else print (NR % 2 ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2) }'; }
field() { sed -n "s/.* $1=\([^ ]*\).*/\1/p"; }

if [ -d "$INPUT" ]; then FILES=$(find "$INPUT" -name '*.json' | sort); else FILES=$INPUT; fi
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
echo "frames=$FRAMES rounds=$ROUNDS noop=${NOOP:-0} glayers_threads=${GLAYERS_THREADS:-default} lp_num_threads=${LP_NUM_THREADS:-default}"
printf '%-34s %-9s %-10s %10s %10s %8s  %s\n' file size animates glayers_ms thorvg_ms ratio "glayers phases (evaluate flatten plan submit, ms)"
for file in $FILES; do
  kind=$(python3 "$HERE/lottie-bench.py" classify "$file")
  : >"$OUT/g"; : >"$OUT/t"; : >"$OUT/p"
  round=0
  while [ "$round" -lt "$ROUNDS" ]; do
    # shellcheck disable=SC2086
    line=$(if [ -n "$NOOP" ]; then GALLIUM_NOOP=1 "$GLAYERS" bench "$file" --frames "$FRAMES" $GLAYERS_ARGS 2>/dev/null
      else "$GLAYERS" bench "$file" --frames "$FRAMES" $GLAYERS_ARGS 2>/dev/null; fi) || line=""
    echo "$line" | field median_ms >>"$OUT/g"
    size=$(echo "$line" | field size)
    echo "$line" | awk '{ for (i = 1; i <= NF; i++) if ($i ~ /^(evaluate|flatten|plan|submit)_median_ms=/) { split($i, a, "="); printf "%s ", a[2] } print "" }' >>"$OUT/p"
    python3 "$HERE/lottie-bench.py" thorvg "$file" "$FRAMES" | field median_ms >>"$OUT/t"
    round=$((round + 1))
  done
  g=$(median <"$OUT/g"); t=$(median <"$OUT/t")
  ratio=$(awk -v g="$g" -v t="$t" 'BEGIN { if (g == "nan" || g == "" || t <= 0) print "nan"; else printf "%.2f", g / t }')
  animates=$( [ "$kind" = transforms ] && echo transforms || echo other)
  printf '%-34s %-9s %-10s %10s %10s %8s  %s\n' "$(basename "$file")" "${size:-?}" "$animates" "$g" "$t" "$ratio" "$(tail -1 "$OUT/p")"
  echo "$ratio $animates $(basename "$file")" >>"$OUT/ratios"
done
summary() {
  n=$(grep -c . "$1" || true)
  [ "$n" -gt 0 ] || return 0
  m=$(awk '$1 != "nan" { print $1 }' "$1" | median)
  echo "$2: median ratio glayers/thorvg $m over $n files"
}
awk '$1 != "nan"' "$OUT/ratios" >"$OUT/all"
awk '$2 == "transforms"' "$OUT/all" >"$OUT/transforms"
summary "$OUT/all" "all"
summary "$OUT/transforms" "only transforms, opacity and trims animate"
