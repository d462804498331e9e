#!/bin/sh
# Damage benchmark (#13): what redrawing only what changed saves, measured side by side in one run.
#
# 1. The kiosk (samples/kiosk.json: only the selection's bloom pulses) in three 1024x768
#    windows on a private Xvfb at the same time: one as shipped (with llvmpipe: the damaged
#    rects put with MIT-SHM), one presenting with EGL's swap (GLAYERS_PRESENT=egl: the whole
#    window through the X socket at every frame) and one with --no-damage on EGL (everything
#    redrawn and presented, as before #13); after a warm-up, each process's CPU time (utime +
#    stime from /proc/PID/stat) over SECONDS of wall time gives CPU seconds per wall second.
#    All run at once, so load from elsewhere on the machine weighs on them alike.
# 2. samples/bench/moving-layer.json (1280x720, one 64x64 layer gliding over still cards)
#    headless: `glayers bench` with and without --no-damage, alternating ROUNDS times; the
#    median frame time of each run (advance the clock, flush, flatten, draw, glFinish).
#
#   scripts/bench-damage.sh [SECONDS] [ROUNDS] [GLAYERS]   (defaults: 20, 3, .build/release/glayers)
#   ROUNDS 0 measures the kiosk alone (the moving-layer rounds take minutes on a busy machine).
#
# Build first: swift build -c release --product glayers. Needs Xvfb and xdotool
# (scripts/install-deps.sh test). Prints the load average before and after (other work on the
# machine changes the absolute figures, less the ratios) and one RESULT line.
set -eu
SECONDS_MEASURED=${1:-20}
ROUNDS=${2:-3}
GLAYERS=${3:-.build/release/glayers}
cd "$(dirname "$0")/.."
[ -x "$GLAYERS" ] || { echo "bench-damage: $GLAYERS is not built (swift build -c release --product glayers)" >&2; exit 2; }
command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { echo "bench-damage: needs Xvfb and xdotool" >&2; exit 2; }
TICKS=$(getconf CLK_TCK)
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

# 1. The kiosk: damage presented with MIT-SHM, with EGL, and no damage, at the same time.
N=180
while [ -e "/tmp/.X$N-lock" ]; do N=$((N + 1)); done
Xvfb ":$N" -screen 0 2200x1000x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
ON=""; EGL=""; OFF=""
cleanup() { kill $ON $EGL $OFF "$XVFB" 2>/dev/null || true; }
trap cleanup EXIT INT TERM
export DISPLAY=":$N"
for _ in $(seq 1 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
# --show-damage names the present path a window takes here (a short run before the measured ones).
"$GLAYERS" samples/kiosk.json --size 1024x768 --show-damage >/dev/null 2>"/tmp/bench-damage-$$.txt" &
ON=$!
sleep 2
kill "$ON" 2>/dev/null || true
wait "$ON" 2>/dev/null || true
sed -n 's/.*present: \([a-z]*\).*/the shipped window presents with: \1/p' "/tmp/bench-damage-$$.txt"
rm -f "/tmp/bench-damage-$$.txt"
"$GLAYERS" samples/kiosk.json --size 1024x768 >/dev/null 2>&1 &
ON=$!
GLAYERS_PRESENT=egl "$GLAYERS" samples/kiosk.json --size 1024x768 >/dev/null 2>&1 &
EGL=$!
GLAYERS_PRESENT=egl "$GLAYERS" samples/kiosk.json --size 1024x768 --no-damage >/dev/null 2>&1 &
OFF=$!
sleep 3
cpu() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
ON0=$(cpu "$ON"); EGL0=$(cpu "$EGL"); OFF0=$(cpu "$OFF"); T0=$(date +%s.%N)
sleep "$SECONDS_MEASURED"
ON1=$(cpu "$ON"); EGL1=$(cpu "$EGL"); OFF1=$(cpu "$OFF"); T1=$(date +%s.%N)
kill "$ON" "$EGL" "$OFF" 2>/dev/null || true
wait "$ON" "$EGL" "$OFF" 2>/dev/null || true
ON=""; EGL=""; OFF=""
KIOSK=$(awk -v a="$ON0" -v b="$ON1" -v e="$EGL0" -v f="$EGL1" -v c="$OFF0" -v d="$OFF1" -v t0="$T0" -v t1="$T1" \
  -v hz="$TICKS" 'BEGIN {
  on = (b - a) / hz / (t1 - t0); egl = (f - e) / hz / (t1 - t0); off = (d - c) / hz / (t1 - t0)
  printf "kiosk_cpu_per_s=%.3f kiosk_egl_cpu_per_s=%.3f kiosk_no_damage_cpu_per_s=%.3f kiosk_ratio=%.3f", \
    on, egl, off, (off > 0 ? on / off : 0) }')
echo "kiosk 1024x768 over ${SECONDS_MEASURED} s: $KIOSK"

# 2. One 64x64 layer moving in 1280x720, headless.
median() { sed -n 's/.* median_ms=\([0-9.]*\).*/\1/p'; }
pixels() { sed -n 's/.* redrawn_pixels=\([0-9.]*\).*/\1/p'; }
RATIOS=""
i=1
while [ "$i" -le "$ROUNDS" ]; do
  P=$("$GLAYERS" bench samples/bench/moving-layer.json --frames 300 --size 1280x720)
  F=$("$GLAYERS" bench samples/bench/moving-layer.json --frames 300 --size 1280x720 --no-damage)
  R=$(awk -v p="$(echo "$P" | median)" -v f="$(echo "$F" | median)" 'BEGIN { printf "%.3f", p / f }')
  echo "round $i: partial $(echo "$P" | median) ms ($(echo "$P" | pixels) pixels), full $(echo "$F" | median) ms ($(echo "$F" | pixels) pixels), ratio $R"
  RATIOS="$RATIOS $R"
  i=$((i + 1))
done
MOVING=$(echo "$RATIOS" | tr ' ' '\n' | grep . | sort -n | awk '{ r[NR] = $1 } END { if (NR > 0) printf "moving_layer_ratio=%.3f", r[int((NR + 1) / 2)] }')
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "RESULT $KIOSK $MOVING"
