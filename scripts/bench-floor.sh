#!/bin/sh
# Compares glayers with the floor on the snowfall scene or the particle emitter (the floor:
# snow.c, a minimal C + EGL instanced snowfall kept outside this repository; give its path in
# SNOW_C):
# alternating runs (floor, glayers, floor, glayers, ...), same N, size and frame count, and
# prints each pair's medians and the median of the ratios.
#   scripts/bench-floor.sh [N] [FRAMES] [ROUNDS] [QUAD]     (defaults: 1000 300 5 64)
#   SNOW_C=path/to/snow.c  the floor program's source (required)
#   BENCH=frame (default)  the whole frame: `glayers bench --snow N` (layer tree with Core
#                          Animation animations: flush + evaluate + flatten + draw + glFinish;
#                          64×64 flakes, so QUAD is ignored), timed in the shipped binary,
#                          which counts no allocations (`glayers-bench` does)
#   BENCH=renderer         the renderer alone: glayers-gl-bench draws render lists built
#                          directly (QUAD-sized flakes)
#   BENCH=emitter          the whole frame of `glayers bench --emitter N`: one CAEmitterLayer
#                          holding N live 64×64 particles sharing one image (flat on screen,
#                          spinning); the floor draws QUAD-sized flakes (default 64; its flakes
#                          turn in 3D and cover about 58 % of their square on average, so
#                          QUAD=84 draws as many pixels as the particles do). Each round also
#                          prints the particle simulation's median (simulate_median_ms)
#   GLAYERS_ARGS="..."     more options for `glayers bench` (e.g. --no-sprites, to compare
#                          the emitter with its particles drawn by the simple program)
#   NOOP=1                 both programs with GALLIUM_NOOP=1: Mesa takes every GL call and
#                          draws nothing (a GPU of infinite speed), so the figures are the CPU's
#                          work per frame, glayers' against the floor's
#   THREADS="1 2"          each round runs glayers once per value, with GLAYERS_THREADS set to
#                          it (1: one thread; 2: the render thread), after the same floor run,
#                          and the summary has a median ratio per value (default: one run
#                          with GLAYERS_THREADS as inherited). Each glayers run prints its phase
#                          medians (evaluate, flatten, plan, submit) and its threads
set -eu
N=${1:-1000}
FRAMES=${2:-300}
ROUNDS=${3:-5}
QUAD=${4:-64}
SNOW_C=${SNOW_C:-}
if [ -z "$SNOW_C" ] || [ ! -f "$SNOW_C" ]; then
  echo "bench-floor: set SNOW_C to the floor program's snow.c (not part of this repository)" >&2
  exit 2
fi
SNOW_C=$(cd "$(dirname "$SNOW_C")" && pwd)/$(basename "$SNOW_C")
cd "$(dirname "$0")/.."
SNOW=${TMPDIR:-/tmp}/glayers-floor-snow
gcc -O2 -o "$SNOW" "$SNOW_C" -lEGL -lGL -lX11 -lm
MODE=${BENCH:-frame}
if [ "${NOOP:-0}" = 1 ]; then
  export GALLIUM_NOOP=1
fi
THREADS=${THREADS:-}
if [ "$MODE" = renderer ]; then
  swift build -c release --product glayers-gl-bench >/dev/null
  run_glayers() { .build/release/glayers-gl-bench --n "$N" --frames "$FRAMES" --quad "$QUAD"; }
elif [ "$MODE" = emitter ]; then
  swift build -c release --product glayers >/dev/null
  run_glayers() { .build/release/glayers bench --emitter "$N" --frames "$FRAMES" --size 1280x720 ${GLAYERS_ARGS:-}; }
else
  QUAD=64
  swift build -c release --product glayers >/dev/null
  run_glayers() { .build/release/glayers bench --snow "$N" --frames "$FRAMES" --size 1280x720 ${GLAYERS_ARGS:-}; }
fi
median() { sed -n 's/.* median_ms=\([0-9.]*\).*/\1/p'; }
simulation() { sed -n 's/.* simulate_median_ms=\([0-9.]*\).*/, simulation \1 ms/p'; }
phases() {
  sed -n 's/.* threads=\([0-9]*\) .*evaluate_median_ms=\([0-9.]*\) .*flatten_median_ms=\([0-9.]*\) .*plan_median_ms=\([0-9.]*\) .*submit_median_ms=\([0-9.]*\) .*/ [threads \1: evaluate \2, flatten \3, plan \4, submit \5 ms]/p'
}
# One glayers run with GLAYERS_THREADS=$1 (empty: as inherited); prints its RESULT line.
run_with_threads() {
  if [ -n "$1" ]; then (export GLAYERS_THREADS="$1" && run_glayers); else run_glayers; fi
}
SETTINGS=${THREADS:-inherited}
echo "bench-floor: N=$N frames=$FRAMES rounds=$ROUNDS mode=$MODE${GALLIUM_NOOP:+ GALLIUM_NOOP=$GALLIUM_NOOP} threads: $SETTINGS"
RATIOS=""
i=1
while [ "$i" -le "$ROUNDS" ]; do
  F=$("$SNOW" --mode headless --n "$N" --frames "$FRAMES" --quad "$QUAD" --draw instanced | median)
  for T in $SETTINGS; do
    [ "$T" = inherited ] && V="" || V=$T
    OUT=$(run_with_threads "$V")
    G=$(echo "$OUT" | median)
    R=$(awk -v g="$G" -v f="$F" 'BEGIN { printf "%.3f", g / f }')
    echo "round $i: floor ${F} ms, glayers ${G} ms, ratio ${R}$(echo "$OUT" | phases)$(echo "$OUT" | simulation)"
    RATIOS="$RATIOS $T:$R"
  done
  i=$((i + 1))
done
for T in $SETTINGS; do
  echo "$RATIOS" | tr ' ' '\n' | sed -n "s/^$T://p" | sort -n | awk -v n="$N" -v mode="$MODE" -v q="$QUAD" -v t="$T" \
    '{ r[NR] = $1 } END { printf "N=%s (" mode ", floor quad %s, threads %s) median ratio %.3f (min %.3f, max %.3f)\n", n, q, t, r[int((NR + 1) / 2)], r[1], r[NR] }'
done
