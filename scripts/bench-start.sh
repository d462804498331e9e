#!/bin/sh
# Start-up benchmark (#13): what one screenshot and the first window frame cost, against the
# floor (snow.c, a minimal C + EGL program kept outside this repository; give its path in SNOW_C).
#
# 1. Shot: `glayers shot samples/kiosk.json` (start, load the scene, draw one 1024x768 frame,
#    read it back, write the PNG) against the floor's start, draw of 1000 quads at 1024x768 and
#    read-back (`snow --mode headless --frames 1 --warmup 0 --screenshot`), alternating ROUNDS
#    times; each run's wall time and peak RSS from GNU time (`/usr/bin/time`, Debian's `time`
#    package). Warm: one untimed run of each first, so the files are in the page cache and
#    Mesa's shader cache is filled, as on a machine that has run them before.
# 2. First window frame: `glayers samples/kiosk.json` in a 1024x768 window on a private Xvfb,
#    ROUNDS times; the time from just before exec to the end of the first present, which
#    glayers prints when GLAYERS_TRACE_START=1 (the wall clock after the first frame's swap).
#
#   scripts/bench-start.sh [ROUNDS] [GLAYERS]     (defaults: 9, .build/release/glayers)
#   SNOW_C=path/to/snow.c   the floor's source (without it, part 1 measures glayers alone)
#
# Build first: swift build -c release --product glayers. Needs Xvfb and xdotool
# (scripts/install-deps.sh test). Prints the load average before and after and one RESULT line
# with medians (wall times and the first frame in ms, RSS in MB).
set -eu
ROUNDS=${1:-9}
GLAYERS=${2:-.build/release/glayers}
cd "$(dirname "$0")/.."
[ -x "$GLAYERS" ] || { echo "bench-start: $GLAYERS is not built (swift build -c release --product glayers)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "bench-start: needs GNU time (/usr/bin/time; apt-get install time)" >&2; exit 2; }
command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { echo "bench-start: needs Xvfb and xdotool" >&2; exit 2; }
OUT=$(mktemp -d)
trap 'rm -rf "$OUT"' EXIT
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg) ($(nproc) cores)"

FLOOR=""
if [ -n "${SNOW_C:-}" ] && [ -f "$SNOW_C" ]; then
  FLOOR=$OUT/snow
  gcc -O2 -o "$FLOOR" "$SNOW_C" -lEGL -lGL -lX11 -lm
fi
FLOOR_CMD="$FLOOR --mode headless --n 1000 --frames 1 --warmup 0 --size 1024x768 --screenshot $OUT/f.ppm"
SHOT_CMD="$GLAYERS shot samples/kiosk.json -o $OUT/k.png"
# Appends "wall_ms peak_rss_kb" of one run of $1 to file $2 (wall time from the clock in
# nanoseconds around the run: GNU time's own is in hundredths of a second).
measure() {
  T0=$(date +%s%N)
  /usr/bin/time -f "%M" -o "$OUT/rss" sh -c "$1 >/dev/null 2>&1"
  T1=$(date +%s%N)
  echo "$(((T1 - T0) / 1000000)) $(cat "$OUT/rss")" >>"$2"
}
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR > 0) print v[int((NR + 1) / 2)] }'; }

# 1. Shots, warm, alternating.
[ -z "$FLOOR" ] || sh -c "$FLOOR_CMD" >/dev/null 2>&1
sh -c "$SHOT_CMD" >/dev/null 2>&1
i=1
while [ "$i" -le "$ROUNDS" ]; do
  [ -z "$FLOOR" ] || measure "$FLOOR_CMD" "$OUT/floor"
  measure "$SHOT_CMD" "$OUT/shot"
  i=$((i + 1))
done
SHOT_MS=$(cut -d' ' -f1 "$OUT/shot" | median)
SHOT_MB=$(cut -d' ' -f2 "$OUT/shot" | median | awk '{ printf "%.1f", $1 / 1024 }')
echo "shot: wall $(cut -d' ' -f1 "$OUT/shot" | tr '\n' ' ')ms; peak RSS median $SHOT_MB MB"
RESULT="shot_ms=$SHOT_MS shot_rss_mb=$SHOT_MB"
if [ -n "$FLOOR" ]; then
  FLOOR_MS=$(cut -d' ' -f1 "$OUT/floor" | median)
  FLOOR_MB=$(cut -d' ' -f2 "$OUT/floor" | median | awk '{ printf "%.1f", $1 / 1024 }')
  echo "floor: wall $(cut -d' ' -f1 "$OUT/floor" | tr '\n' ' ')ms; peak RSS median $FLOOR_MB MB"
  RESULT="$RESULT floor_ms=$FLOOR_MS floor_rss_mb=$FLOOR_MB $(awk -v s="$SHOT_MS" -v f="$FLOOR_MS" -v a="$SHOT_MB" -v b="$FLOOR_MB" \
    'BEGIN { printf "shot_time_ratio=%.2f shot_rss_above_floor_mb=%.1f", (f > 0 ? s / f : 0), a - b }')"
fi

# 2. First window frame.
N=190
while [ -e "/tmp/.X$N-lock" ]; do N=$((N + 1)); done
Xvfb ":$N" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
trap 'kill $XVFB 2>/dev/null || true; rm -rf "$OUT"' EXIT
export DISPLAY=":$N"
for _ in $(seq 1 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done
i=0
while [ "$i" -le "$ROUNDS" ]; do
  rm -f "$OUT/log"
  T0=$(date +%s%N)
  GLAYERS_TRACE_START=1 "$GLAYERS" samples/kiosk.json --size 1024x768 2>"$OUT/log" >/dev/null &
  PID=$!
  for _ in $(seq 1 100); do grep -q "first frame presented" "$OUT/log" 2>/dev/null && break; sleep 0.05; done
  kill "$PID" 2>/dev/null || true
  wait "$PID" 2>/dev/null || true
  T1=$(sed -n 's/.*first frame presented at \([0-9]*\) ns.*/\1/p' "$OUT/log")
  # Round 0 warms the caches and is not counted.
  if [ "$i" -gt 0 ] && [ -n "$T1" ]; then echo $(((T1 - T0) / 1000000)) >>"$OUT/first"; fi
  i=$((i + 1))
done
FIRST=$(median <"$OUT/first")
echo "first window frame: $(tr '\n' ' ' <"$OUT/first")ms"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "RESULT $RESULT first_frame_ms=$FIRST"
