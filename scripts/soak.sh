#!/bin/sh
# Soak: runs the kiosk and the snowfall in windows under a private Xvfb for MINUTES while keys
# are pressed every 0.3 s, samples each program's resident memory and CPU time every 10 s (5 s
# in runs under five minutes), and fails when memory grows (more than 1 MiB over the last three quarters of the run), when a
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

# Samples every 10 s; every 5 s in runs under five minutes, so that a short run's verdict rests
# on more than a handful of samples.
INTERVAL=10
[ "$MINUTES" -lt 5 ] && INTERVAL=5
END=$(( $(date +%s) + MINUTES * 60 ))
START=$(date +%s)
: > "$LOG"
while [ "$(date +%s)" -lt "$END" ]; do
  for p in "$KIOSK" "$SNOW"; do
    kill -0 "$p" 2>/dev/null || { echo "soak: a program exited early" >&2; cat "$WORK"/*.err >&2; exit 1; }
  done
  line="t=$(( $(date +%s) - START )) kiosk_rss_kib=$(rss "$KIOSK") kiosk_cpu_s=$(cpu "$KIOSK") snow_rss_kib=$(rss "$SNOW") snow_cpu_s=$(cpu "$SNOW")"
  echo "$line" | tee -a "$LOG"
  sleep "$INTERVAL"
done
kill "$KEYS" 2>/dev/null || true

# Memory growth over the last three quarters of the samples (the first quarter warms up, and at
# least the first 30 s: llvmpipe's pools still grow by a MiB or two in a damage-tracked
# window's first half minute, which would decide a one-minute run alone),
# measured on the lower envelope: the least RSS of the later half of those samples against the
# least of the earlier half, scaled from the distance between the halves' starts to the whole
# span (a steady leak counts in full). A leak raises the least RSS; memory a program takes and
# gives back does not (with damage tracking the snowfall's RSS rises and falls by about 6 MiB
# as the damaged area changes: each damage rectangle replays the frame's draws through
# llvmpipe), and neither the last sample alone nor the first may decide.
verdict=$(awk -v limit=1024 '
  { split($1, t, "="); split($2, k, "="); split($4, s, "="); at[NR] = t[2]; kiosk[NR] = k[2]; snow[NR] = s[2] }
  function least(a, from, to,   i, m) { m = a[from]; for (i = from + 1; i <= to; i++) if (a[i] < m) m = a[i]; return m }
  END {
    first = int(NR / 4) + 1
    while (first < NR && at[first] < 30) first++
    middle = first + int((NR - first + 1) / 2)
    if (middle > NR) middle = NR
    scale = middle > first ? (NR - first) / (middle - first) : 1
    kg = (least(kiosk, middle, NR) - least(kiosk, first, middle - 1 < first ? first : middle - 1)) * scale
    sg = (least(snow, middle, NR) - least(snow, first, middle - 1 < first ? first : middle - 1)) * scale
    printf "kiosk_growth_kib=%d snow_growth_kib=%d samples=%d", kg, sg, NR
    if (NR < 2 || kg > limit || sg > limit) exit 1
  }' "$LOG") && grown=0 || grown=1
slow=$(grep -h "a frame took" "$WORK/kiosk.err" "$WORK/snow.err" | head -n 3 || true)
echo "RESULT minutes=$MINUTES $verdict slow_frames=$(grep -hc "a frame took" "$WORK/kiosk.err" "$WORK/snow.err" | awk '{ s += $1 } END { print s + 0 }')"
if [ "$grown" -ne 0 ]; then echo "soak: memory grew by more than 1 MiB" >&2; exit 1; fi
if [ -n "$slow" ]; then echo "soak: slow frames: $slow" >&2; exit 1; fi
echo "soak: passed"
