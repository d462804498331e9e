#!/bin/sh
# Soak: runs the kiosk and the snowfall in windows under a private Xvfb for MINUTES while keys
# are pressed every 0.3 s, samples each program's resident memory and CPU time every 10 s (every
# second in runs under five minutes), and fails when memory grows (more than 1 MiB over the last three quarters of the run), when a
# frame takes longer than 1 s (the window reports those), or when a program exits or hangs.
#
#   scripts/soak.sh [MINUTES] [GLAYERS]     (defaults: 60, .build/release/glayers)
#
# Prints one line per sample (`t=… kiosk_rss_kib=… kiosk_cpu_s=… snow_rss_kib=… snow_cpu_s=…`)
# and a RESULT line; the samples go to $SOAK_LOG (default soak.log) too. Exit status 0 when the
# run passes. Needs Xvfb and xdotool (scripts/install-deps.sh test).
set -eu
MINUTES=${1:-60}
GLAYERS=${2:-.build/release/glayers}
LOG=${SOAK_LOG:-soak.log}
cd "$(dirname "$0")/.."
[ -x "$GLAYERS" ] || { echo "soak: $GLAYERS is not built (swift build -c release --product glayers)" >&2; exit 2; }
command -v Xvfb >/dev/null && command -v xdotool >/dev/null || { echo "soak: needs Xvfb and xdotool" >&2; exit 2; }

# A display of our own.
N=170
while [ -e "/tmp/.X$N-lock" ]; do N=$((N + 1)); done
Xvfb ":$N" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
XVFB=$!
export DISPLAY=":$N"
WORK=$(mktemp -d)
cleanup() {
  kill "$KIOSK" "$SNOW" "$XVFB" 2>/dev/null || true
  rm -rf "$WORK"
}
KIOSK=""; SNOW=""
trap cleanup EXIT INT TERM
for _ in $(seq 1 50); do xdotool getdisplaygeometry >/dev/null 2>&1 && break; sleep 0.1; done

"$GLAYERS" samples/kiosk.json --size 800x600 2>"$WORK/kiosk.err" &
KIOSK=$!
"$GLAYERS" samples/snowfall.json --size 640x480 2>"$WORK/snow.err" &
SNOW=$!

window() {  # window id of a process's window, by its pid's title search
  for _ in $(seq 1 100); do
    id=$(xdotool search --name "$1" 2>/dev/null | head -n 1)
    [ -n "$id" ] && { echo "$id"; return 0; }
    sleep 0.1
  done
  return 1
}
KW=$(window "Kiosk") || { echo "soak: the kiosk window did not appear" >&2; cat "$WORK/kiosk.err" >&2; exit 1; }

rss() { awk '/^VmRSS:/ { print $2 }' "/proc/$1/status" 2>/dev/null || echo 0; }
cpu() {  # user + system seconds
  awk -v hz="$(getconf CLK_TCK)" '{ printf "%.1f", ($14 + $15) / hz }' "/proc/$1/stat" 2>/dev/null || echo 0
}

# Keys every 0.3 s in the background: the kiosk's selection moves down and up.
(
  i=0
  while :; do
    case $((i % 8)) in 0|1|2|3) key=Down ;; *) key=Up ;; esac
    xdotool key --window "$KW" "$key" >/dev/null 2>&1 || true
    i=$((i + 1))
    sleep 0.3
  done
) &
KEYS=$!
trap 'kill "$KEYS" 2>/dev/null || true; cleanup' EXIT INT TERM

# Samples every 10 s; every second in runs under five minutes, so that a short run's verdict
# rests on the lower envelope of some fifteen samples a half: with five seconds between them
# (three a half in `make test`'s minute) the snowfall's swings of a few MiB moved the least of a
# half by a MiB now and then, a growth of 1.8 MiB once scaled to the span, with no leak.
INTERVAL=10
[ "$MINUTES" -lt 5 ] && INTERVAL=1
START=$(date +%s)
: > "$LOG"
sample_until() {  # END: samples into $LOG until the time END (seconds since the epoch)
  while [ "$(date +%s)" -lt "$1" ]; do
    for p in "$KIOSK" "$SNOW"; do
      kill -0 "$p" 2>/dev/null || { echo "soak: a program exited early" >&2; cat "$WORK"/*.err >&2; exit 1; }
    done
    line="t=$(( $(date +%s) - START )) kiosk_rss_kib=$(rss "$KIOSK") kiosk_cpu_s=$(cpu "$KIOSK") snow_rss_kib=$(rss "$SNOW") snow_cpu_s=$(cpu "$SNOW")"
    echo "$line" | tee -a "$LOG"
    sleep "$INTERVAL"
  done
}
sample_until $((START + MINUTES * 60))

# Memory growth over the last three quarters of the samples (the first quarter warms up, and at
# least the first 45 s: llvmpipe's pools still grow by a MiB or two in a damage-tracked
# window's first minute, by up to 0.7 MiB between 30 and 60 s, which would decide a short run
# alone; `make test` soaks for two minutes), measured on the
# lower envelope: the least RSS of each third of those samples. A leak raises the least RSS
# steadily, so it counts when the least rises from the first third to the second and from the
# second to the third (each by more than a quarter of the limit: a leak that reaches the limit
# over the span rises by about a third of it a third), by the rise from the first to the last
# scaled to the whole span; memory
# a program takes and gives back does not count (with damage tracking the snowfall's RSS rises
# and falls by about 6 MiB as the damaged area changes: each damage rectangle replays the
# frame's draws through llvmpipe), nor does one step of a pool that grows once more after the
# warm-up (llvmpipe grows them a MiB at a time: one such step in a one-minute run, doubled by
# the scaling, failed a run with no leak), and neither the last sample alone nor the first
# decides.
judge() {  # prints the verdict; exit status 1 when memory grew
awk -v limit=1024 '
  { split($1, t, "="); split($2, k, "="); split($4, s, "="); at[NR] = t[2]; kiosk[NR] = k[2]; snow[NR] = s[2] }
  function least(a, from, to,   i, m) { m = a[from]; for (i = from + 1; i <= to; i++) if (a[i] < m) m = a[i]; return m }
  # The growth of a series over thirds [first, b), [b, c), [c, NR]: 0 unless it rises steadily.
  function growth(a,   l1, l2, l3, g) {
    l1 = least(a, first, b - 1); l2 = least(a, b, c - 1); l3 = least(a, c, NR)
    g = (l3 - l1) * scale
    return (l2 - l1 > limit / 4 && l3 - l2 > limit / 4) ? g : 0
  }
  END {
    first = int(NR / 4) + 1
    while (first < NR && at[first] < 45) first++
    n = NR - first + 1
    b = first + int(n / 3); c = first + int(2 * n / 3)
    if (n < 3) { b = first + 1; c = first + 1 }
    if (b > NR) b = NR
    if (c > NR) c = NR
    scale = c > first ? (NR - first) / (c - first) : 1
    kg = growth(kiosk); sg = growth(snow)
    printf "kiosk_growth_kib=%d snow_growth_kib=%d samples=%d", kg, sg, NR
    printf " snow_least_kib=%d,%d,%d", least(snow, first, b - 1), least(snow, b, c - 1), least(snow, c, NR)
    if (NR < 2 || kg > limit || sg > limit) exit 1
  }' "$LOG"
}
# A short run that reads growth runs as long again and is judged over the whole run: a slow,
# loaded host (CI's, once: the debug build's snowfall at 0.85 of a core, its lower envelope up
# 3.3 MiB in the first minute and a half, where every run here stayed flat) can still be filling
# llvmpipe's pools after the warm-up, and that growth stops, where a leak's goes on and, scaled
# to the longer span, reads larger. The verdict of the longer run is the verdict.
verdict=$(judge) && grown=0 || grown=1
if [ "$grown" -ne 0 ] && [ "$MINUTES" -lt 5 ]; then
  echo "soak: $verdict after $MINUTES minutes; sampling as long again before the verdict"
  sample_until $(($(date +%s) + MINUTES * 60))
  verdict=$(judge) && grown=0 || grown=1
fi
kill "$KEYS" 2>/dev/null || true
slow=$(grep -h "a frame took" "$WORK/kiosk.err" "$WORK/snow.err" | head -n 3 || true)
echo "RESULT minutes=$MINUTES $verdict slow_frames=$(grep -hc "a frame took" "$WORK/kiosk.err" "$WORK/snow.err" | awk '{ s += $1 } END { print s + 0 }')"
if [ "$grown" -ne 0 ]; then echo "soak: memory grew by more than 1 MiB" >&2; exit 1; fi
if [ -n "$slow" ]; then echo "soak: slow frames: $slow" >&2; exit 1; fi
echo "soak: passed"
