#!/usr/bin/env bash
# Renders a Lottie reference set with glayers and scores every frame against its reference.
#
#   scripts/lottie-score.sh SET_DIR [OUT_DIR]
#
# SET_DIR holds `manifest.tsv` (sample, comp_wxh, fr, ip, op, …), `samples/<name>.json`,
# `snapshots/<prefix>.<key>-<P>.png` references (P = 0, 25, 50, 75, 100; key = name with "/"
# turned into "-") and `score.py` (which prints a score line per frame; lottie-ios's criterion:
# at least 98.5 % of pixels within ΔE94 3 over white and over black). Each frame is rendered at
# the reference's pixel size: the composition's longer side min(500, side) points at 2 pixels
# a point, rounded up (docs/lottie.md, "Measuring fidelity"). Renders go to OUT_DIR
# (default .build/lottie-score); the script prints one line per frame and the totals.
# GLAYERS (default .build/release/glayers, else .build/debug/glayers) is the command used.
set -euo pipefail
set_dir=${1:?usage: scripts/lottie-score.sh SET_DIR [OUT_DIR]}
out=${2:-.build/lottie-score}
glayers=${GLAYERS:-}
if [[ -z $glayers ]]; then
    if [[ -x .build/release/glayers ]]; then glayers=.build/release/glayers; else glayers=.build/debug/glayers; fi
fi
mkdir -p "$out"
references=("$set_dir"/snapshots/*.png)
prefix=$(basename "${references[0]}")
prefix=${prefix%%.*}
tail -n +2 "$set_dir/manifest.tsv" | while IFS=$'\t' read -r sample wxh _rest; do
    key=${sample//\//-}
    size=$(python3 -c '
import math, sys
w, h = (float(v) for v in sys.argv[1].split("x"))
longest = max(w, h)
s = 2 * min(500, longest) / longest
print(f"{math.ceil(w * s - 1e-9)}x{math.ceil(h * s - 1e-9)}")' "$wxh")
    for p in 0 25 50 75 100; do
        png="$out/$prefix.$key-$p.png"
        progress=$(python3 -c "print($p / 100)")
        if ! "$glayers" shot "$set_dir/samples/$sample.json" --progress "$progress" --size "$size" -o "$png" \
            >/dev/null 2>"$out/$key-$p.log"; then
            echo "$key-$p: render failed: $(tail -1 "$out/$key-$p.log")"
        fi
    done
done
python3 "$set_dir/score.py" --dir --all "$set_dir/snapshots" "$out" >"$out/scores.txt" || true
# One line per frame that fails, then the totals.
python3 - "$out/scores.txt" <<'PY'
import re, sys
lines = open(sys.argv[1]).read().splitlines()
for line in lines:
    if "pass=0" in line:
        name = line.split()[0].split(".", 1)[1].removesuffix(".png")
        score = re.search(r"score=([0-9.]+)", line)
        error = re.search(r"error=(\S+)", line)
        print(f"FAIL {name} {score.group(1) if score else error.group(1) if error else ''}")
print(lines[-1] if lines else "no scores")
PY
