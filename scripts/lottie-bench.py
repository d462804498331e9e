#!/usr/bin/env python3
"""The helper of scripts/lottie-bench.sh (docs/performance.md, "Lottie").

  lottie-bench.py thorvg FILE FRAMES [WARMUP]
      ThorVG (thorvg-python, the software canvas, no worker thread) renders the frames
      `glayers bench FILE --frames FRAMES` shows: one every 1/60 s from the composition's
      first frame, looping, after WARMUP frames (20, as glayers bench), at the composition's
      size. Each frame: set the frame, update, draw (clearing), sync. Prints one RESULT line
      with the median period between consecutive frames' ends (median_ms), as glayers bench.
  lottie-bench.py classify FILE
      Prints `transforms` when only transforms (layers', groups' and repeaters'), opacity
      (layers', groups', fills' and strokes') and trims animate in the file, else `other: `
      and the kinds of the other animated values (paths, colours, sizes, masks, ...).

Install ThorVG's Python binding with `pip install thorvg-python`.
"""
import json
import statistics
import sys
import time

TRANSFORM_KEYS = {"p", "a", "s", "r", "o", "sk", "sa", "rx", "ry", "rz", "or", "px", "py", "pz"}


def thorvg(path, frames, warmup):
    import thorvg_python as tvg

    with open(path, "rb") as f:
        doc = json.load(f)
    width, height, rate = int(round(doc["w"])), int(round(doc["h"])), float(doc["fr"])
    engine = tvg.Engine(threads=0)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    if picture.load(path) != tvg.Result.SUCCESS:
        sys.exit(f"thorvg: cannot load {path}")
    picture.set_size(width, height)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height)
    canvas.add(picture)
    total = animation.get_total_frame()[1]
    ends = []
    for i in range(warmup + frames):
        animation.set_frame((i / 60 * rate) % total if total > 0 else 0)
        canvas.update()
        canvas.draw(True)
        canvas.sync()
        if i >= warmup - 1:
            ends.append(time.perf_counter())
    periods = [(b - a) * 1000 for a, b in zip(ends, ends[1:])]
    periods.sort()
    print(
        f"RESULT scene={path.rsplit('/', 1)[-1]} mode=thorvg size={width}x{height} frames={frames} "
        f"threads=1 median_ms={statistics.median(periods):.3f} p90_ms={periods[len(periods) * 9 // 10]:.3f} "
        f"total_frames={total:g}"
    )


def animated(value):
    """Whether a Lottie property value animates (keyframes)."""
    if not isinstance(value, dict) or "k" not in value:
        return False
    if value.get("a") == 1:
        return True
    k = value["k"]
    return isinstance(k, list) and len(k) > 0 and isinstance(k[0], dict) and "t" in k[0]


def walk(node, context, kinds):
    """Collects the kinds of animated values under `node`; `context` says where it is."""
    if isinstance(node, list):
        for item in node:
            walk(item, context, kinds)
        return
    if not isinstance(node, dict):
        return
    item = node.get("ty")
    for key, value in node.items():
        if key in ("ks", "tr") and isinstance(value, dict) and (context == "layer" or item == "gr" or key == "tr"):
            if key == "ks" and item == "sh":
                if animated(value):
                    kinds.add("paths")
                continue
            for tk, tv in value.items():
                if animated(tv):
                    kinds.add("transforms" if tk in TRANSFORM_KEYS else f"transform.{tk}")
            continue
        if key == "g" and isinstance(value, dict) and animated(value.get("k")):
            kinds.add("gradient stops")
            continue
        if animated(value):
            if context in ("effect", "dash"):
                kinds.add("effects" if context == "effect" else "dashes")
            elif key == "o" and item in ("fl", "st", "gf", "gs"):
                kinds.add("transforms")
            elif item == "tm":
                kinds.add("trims")
            elif item == "tr":
                kinds.add("transforms" if key in TRANSFORM_KEYS else f"repeater.{key}")
            elif context == "layer" and key == "tm":
                kinds.add("time remap")
            elif key == "pt":
                kinds.add("masks")
            else:
                kinds.add(f"{item or context}.{key}")
            continue
        if key == "layers":
            walk(value, "layer", kinds)
        elif key in ("ef", "sy"):
            walk(value, "effect", kinds)
        elif key == "d" and item in ("st", "gs"):
            walk(value, "dash", kinds)
        elif key in ("shapes", "it", "masksProperties", "assets"):
            walk(value, "item", kinds)
        elif isinstance(value, (dict, list)):
            walk(value, "value", kinds)


def classify(path):
    with open(path, "rb") as f:
        doc = json.load(f)
    kinds = set()
    walk(doc, "top", kinds)
    other = sorted(kinds - {"transforms", "trims"})
    print("transforms" if not other else "other: " + " ".join(other))


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "thorvg":
        thorvg(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]) if len(sys.argv) > 4 else 20)
    elif len(sys.argv) == 3 and sys.argv[1] == "classify":
        classify(sys.argv[2])
    else:
        sys.exit(__doc__)
