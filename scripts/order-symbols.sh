#!/bin/sh
# Makes Sources/glayers/symbol-order.txt: the functions of the release `glayers` binary that a
# start runs, which the release link lays out together at the front of the binary's code
# (lld's --symbol-ordering-file; Package.swift). The kernel maps a program's code 64 KiB around
# every page it touches, so the functions a start needs, scattered through 17 MiB of code in
# 150 windows, kept 9.4 MiB of it resident; gathered, 5 MiB (docs/performance.md, "Start and
# footprint").
#
#   scripts/order-symbols.sh [GLAYERS]     (default: .build/release/glayers)
#
# Profiles with valgrind (callgrind), and lists the functions each run adds, in this order: the
# shot of samples/kiosk.json (what scripts/bench-start.sh measures), the kiosk in a window (on a
# private Xvfb, with a key pressed), the shots of the other samples. A
# symbol is listed once; within one run's new symbols the order is by name. Regenerate it when
# the start changes much (a stale file costs nothing but memory: symbols it names that no
# longer exist are ignored, and functions it misses are placed after the listed ones).
# Build first: swift build -c release --product glayers. Takes about a minute per sample.
set -eu
GLAYERS=${1:-.build/release/glayers}
cd "$(dirname "$0")/.."
OUTPUT=Sources/glayers/symbol-order.txt
[ -x "$GLAYERS" ] || { echo "order-symbols: $GLAYERS is not built (swift build -c release --product glayers)" >&2; exit 2; }
command -v valgrind >/dev/null || { echo "order-symbols: needs valgrind (apt-get install valgrind)" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# Valgrind 3.19 (Debian 12) cannot read the DWARF 5 the toolchain's clang writes: profile a
# copy without debug information (the same code at the same addresses, with its symbols).
cp "$GLAYERS" "$WORK/glayers"
strip --strip-debug "$WORK/glayers"
nm --defined-only "$WORK/glayers" | awk '$2 ~ /^[tTwW]$/ { print $3 }' | sort -u >"$WORK/defined"

: >"$WORK/listed"
# Appends the functions of the binary that the last profile saw and that are not listed yet
# (callgrind's names: a suffix such as '2 names a level of recursion of the same function).
append_profiled() {
  awk -v binary="$WORK/glayers" '
    /^ob=/ { object = substr($0, 4) }
    /^fn=/ && object == binary { name = substr($0, 4); sub(/\x27.*/, "", name); print name }
  ' "$WORK/profile" | sort -u | comm -12 - "$WORK/defined" >"$WORK/run"
  sort "$WORK/listed" | comm -23 "$WORK/run" - >>"$WORK/listed"
}
CALLGRIND="valgrind --tool=callgrind --demangle=no --compress-strings=no --compress-pos=no --callgrind-out-file=$WORK/profile"

echo "order-symbols: profiling the shot of samples/kiosk.json"
$CALLGRIND "$WORK/glayers" shot samples/kiosk.json -o "$WORK/shot.png" >"$WORK/valgrind.log" 2>&1 ||
  { tail -5 "$WORK/valgrind.log" >&2; exit 1; }
append_profiled

# The kiosk in a window on a private Xvfb: it starts, the selection moves once, Esc quits.
if command -v Xvfb >/dev/null && command -v xdotool >/dev/null; then
  echo "order-symbols: profiling the kiosk in a window (Xvfb)"
  N=170
  while [ -e "/tmp/.X$N-lock" ]; do N=$((N + 1)); done
  Xvfb ":$N" -screen 0 1280x1024x24 -nolisten tcp >/dev/null 2>&1 &
  XVFB=$!
  trap 'kill $XVFB 2>/dev/null || true; rm -rf "$WORK"' EXIT
  DISPLAY=":$N" $CALLGRIND "$WORK/glayers" samples/kiosk.json --size 1024x768 >"$WORK/valgrind.log" 2>&1 &
  RUN=$!
  DISPLAY=":$N" timeout 120 xdotool search --sync --name . >/dev/null 2>&1 || true
  sleep 10
  DISPLAY=":$N" xdotool key Down
  sleep 5
  DISPLAY=":$N" xdotool key Escape
  wait $RUN || { tail -5 "$WORK/valgrind.log" >&2; exit 1; }
  kill $XVFB 2>/dev/null || true
  append_profiled
else
  echo "order-symbols: no Xvfb and xdotool: the window's start is not profiled" >&2
fi

for SCENE in $(ls samples/*.json | grep -v '/kiosk.json$'); do
  echo "order-symbols: profiling the shot of $SCENE"
  $CALLGRIND "$WORK/glayers" shot "$SCENE" -o "$WORK/shot.png" >"$WORK/valgrind.log" 2>&1 ||
    { tail -5 "$WORK/valgrind.log" >&2; exit 1; }
  append_profiled
done
{
  echo "# The functions a start of the release glayers runs, in the order the link lays them out:"
  echo "# made by scripts/order-symbols.sh (see there and Package.swift); do not edit by hand."
  cat "$WORK/listed"
} >"$OUTPUT"
echo "order-symbols: $(($(wc -l <"$OUTPUT") - 2)) symbols in $OUTPUT"
