#!/bin/sh
# Many layers: generates a scene of LAYERS layers (a grid of small squares with varied colours,
# corner radii, opacities and borders under the root, in sublayer groups of 1000), then measures
# `glayers shot` and `glayers dump` (presentation tree, and render list) on it with
# /usr/bin/time -v: wall time and peak resident memory of each (docs/reliability.md#limits).
#
#   scripts/many-layers.sh [LAYERS] [GLAYERS]     (defaults: 100000, .build/release/glayers)
#
# Prints one line per command (`shot seconds=… cpu_seconds=… max_rss_kib=…`); exit status 0 when every
# command succeeded. Needs /usr/bin/time (GNU time) and a headless EGL (Mesa), as `shot` does.
set -eu
LAYERS=${1:-100000}
GLAYERS=${2:-.build/release/glayers}
cd "$(dirname "$0")/.."
[ -x "$GLAYERS" ] || { echo "many-layers: $GLAYERS is not built (swift build -c release --product glayers)" >&2; exit 2; }
[ -x /usr/bin/time ] || { echo "many-layers: needs GNU time at /usr/bin/time" >&2; exit 2; }
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT INT TERM
[ -n "${MANY_LAYERS_KEEP:-}" ] && trap - EXIT  # keep the scene and the PNG (printed below)

# 1280 × 1024 points: groups of 1000 layers, 10 × 10 groups of 40 × 25 cells of 3.2 × 4.096 points.
awk -v n="$LAYERS" 'BEGIN {
  printf "{ \"name\": \"many layers\", \"size\": [1280, 1024], \"background\": \"#101018\",\n  \"root\": { \"sublayers\": [\n"
  groups = int((n + 999) / 1000)
  made = 0
  for (g = 0; g < groups; g++) {
    gx = (g % 10) * 128; gy = int(g / 10) * 102.4
    printf "%s    { \"frame\": [%g, %g, 128, 102.4], \"sublayers\": [\n", (g ? ",\n" : ""), gx, gy % 1024
    count = (n - made < 1000) ? n - made : 1000
    for (i = 0; i < count; i++) {
      x = (i % 40) * 3.2; y = int(i / 40) * 4.096
      r = (i * 37 + g * 11) % 256; gr = (i * 91 + g * 7) % 256; b = (i * 53 + g * 3) % 256
      printf "%s      { \"frame\": [%g, %g, 3, 3.8], \"backgroundColor\": \"#%02x%02x%02x\"", (i ? ",\n" : ""), x, y, r, gr, b
      if (i % 7 == 0) printf ", \"cornerRadius\": 0.2"
      if (i % 5 == 0) printf ", \"opacity\": 0.8"
      if (i % 11 == 0) printf ", \"borderWidth\": 0.1, \"borderColor\": \"white\""
      printf " }"
      made++
    }
    printf "\n    ] }"
  }
  printf "\n  ] } }\n"
}' > "$WORK/many.json"
echo "scene: $LAYERS layers (+ $(( (LAYERS + 999) / 1000 )) groups and the root), $(wc -c < "$WORK/many.json") bytes"

status=0
measure() {
  name=$1; shift
  if /usr/bin/time -v -o "$WORK/time.txt" "$@" > "$WORK/out.txt" 2> "$WORK/err.txt"; then ok=ok; else ok=FAILED; status=1; fi
  secs=$(awk -F': ' '/Elapsed \(wall clock\)/ { n = split($2, p, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + p[i]; print s }' "$WORK/time.txt")
  cpu=$(awk -F': ' '/User time|System time/ { s += $2 } END { print s }' "$WORK/time.txt")
  rss=$(awk -F': ' '/Maximum resident set size/ { print $2 }' "$WORK/time.txt")
  echo "$name seconds=$secs cpu_seconds=$cpu max_rss_kib=$rss output_bytes=$(wc -c < "$WORK/out.txt") $ok"
  [ "$ok" = ok ] || head -5 "$WORK/err.txt" >&2
}
measure validate "$GLAYERS" validate "$WORK/many.json"
measure shot "$GLAYERS" shot "$WORK/many.json" --at 0 -o "$WORK/many.png"
[ -n "${MANY_LAYERS_KEEP:-}" ] && echo "kept: $WORK/many.json $WORK/many.png"
echo "shot png_bytes=$(wc -c < "$WORK/many.png" 2>/dev/null || echo 0)"
measure dump "$GLAYERS" dump "$WORK/many.json" --at 0
measure dump-render-list "$GLAYERS" dump "$WORK/many.json" --at 0 --render-list
exit $status
