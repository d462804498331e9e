#!/usr/bin/env python3
"""glayers against ThorVG, an independent Lottie renderer, on any folder of Lottie files.

    scripts/lottie-compare.py DIR-OR-FILE [OUT_DIR] [--progress 0,0.25,0.5,0.75]

For each file and progress, `glayers shot FILE --progress P --size WxH` and ThorVG (the
thorvg-python wheel's software canvas) render the composition at the same pixel size (its
own size, the longer side at most 500 pixels), and the frame is scored as lottie-ios scores its
snapshots: the share of pixels within ΔE94 3 of the other's, over white and over black (the
lower of the two); 98.5 % passes. ThorVG is not Core Animation, so a frame that fails is a
lead to read, not a verdict (docs/lottie.md, "Finding differences"). Prints one line per frame,
worst first, and the totals; renders and a side-by-side of every failing frame go to OUT_DIR
(default .build/lottie-compare).

Needs numpy, pillow and thorvg-python (pip install numpy pillow thorvg-python).
"""

import json
import math
import os
import subprocess
import sys

import numpy as np
from PIL import Image


def size_of(doc):
    w, h = float(doc["w"]), float(doc["h"])
    s = min(1.0, 500 / max(w, h))
    return max(1, math.ceil(w * s - 1e-9)), max(1, math.ceil(h * s - 1e-9))


def thorvg_frame(path, doc, progress, width, height):
    import thorvg_python as tvg

    engine = tvg.Engine(threads=0)
    animation = tvg.LottieAnimation(engine)
    picture = animation.get_picture()
    if picture.load(path) != tvg.Result.SUCCESS:
        return None
    picture.set_size(width, height)
    canvas = tvg.SwCanvas(engine)
    canvas.set_target(width, height, cs=tvg.Colorspace.ABGR8888S)
    canvas.add(picture)
    ip, op = float(doc.get("ip", 0)), float(doc.get("op", 0))
    # ThorVG's frames count from the in point; progress 1 is the last frame drawn.
    animation.set_frame(max(0.0, min(progress * (op - ip), op - ip - 1)))
    canvas.update()
    canvas.draw(True)
    canvas.sync()
    return np.asarray(canvas.get_pillow("RGBA"), dtype=np.float64) / 255


def lab(rgb):
    c = np.where(rgb <= 0.04045, rgb / 12.92, ((rgb + 0.055) / 1.055) ** 2.4)
    m = np.array([[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]])
    xyz = c @ m.T / np.array([0.95047, 1.0, 1.08883])
    f = np.where(xyz > 216 / 24389, np.cbrt(xyz), (24389 / 27 * xyz + 16) / 116)
    return np.stack([116 * f[..., 1] - 16, 500 * (f[..., 0] - f[..., 1]), 200 * (f[..., 1] - f[..., 2])], -1)


def delta_e94(a, b):
    dl = a[..., 0] - b[..., 0]
    c1 = np.hypot(a[..., 1], a[..., 2])
    c2 = np.hypot(b[..., 1], b[..., 2])
    dc = c1 - c2
    dh2 = np.maximum((a[..., 1] - b[..., 1]) ** 2 + (a[..., 2] - b[..., 2]) ** 2 - dc**2, 0)
    return np.sqrt(dl**2 + (dc / (1 + 0.045 * c1)) ** 2 + dh2 / (1 + 0.015 * c1) ** 2)


def score(a, b):
    worst = 1.0
    for background in (1.0, 0.0):
        over = [x[..., :3] * x[..., 3:] + background * (1 - x[..., 3:]) for x in (a, b)]
        worst = min(worst, float((delta_e94(lab(over[0]), lab(over[1])) <= 3).mean()))
    return worst


def main():
    if len(sys.argv) == 7 and sys.argv[1] == "--thorvg":
        path, p, width, height, png = sys.argv[2], float(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
        with open(path, "rb") as f:
            frame = thorvg_frame(path, json.load(f), p, width, height)
        if frame is None:
            sys.exit(1)
        Image.fromarray((frame * 255).round().astype(np.uint8)).save(png)
        return
    args = [a for a in sys.argv[1:] if not a.startswith("--")]
    progresses = [0, 0.25, 0.5, 0.75]
    if "--progress" in sys.argv:
        progresses = [float(v) for v in sys.argv[sys.argv.index("--progress") + 1].split(",")]
        args.remove(sys.argv[sys.argv.index("--progress") + 1])
    if not args:
        sys.exit(__doc__)
    source, out = args[0], args[1] if len(args) > 1 else ".build/lottie-compare"
    glayers = os.environ.get("GLAYERS", ".build/release/glayers")
    os.makedirs(out, exist_ok=True)
    files = [source]
    if os.path.isdir(source):
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(source) for f in fs if f.endswith(".json"))
    results = []
    for path in files:
        name = os.path.splitext(os.path.relpath(path, source if os.path.isdir(source) else os.path.dirname(path)))[0]
        key = name.replace("/", "-").replace(" ", "_")
        try:
            with open(path, "rb") as f:
                doc = json.load(f)
            width, height = size_of(doc)
        except (ValueError, KeyError, TypeError) as error:
            results.append((-1.0, f"{name}: not a Lottie file ({error})"))
            continue
        for p in progresses:
            png = os.path.join(out, f"{key}-{int(p * 100)}.png")
            try:
                run = subprocess.run(
                    [glayers, "shot", path, "--progress", str(p), "--size", f"{width}x{height}", "-o", png],
                    capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                results.append((-1.0, f"{name} @{p}: glayers did not finish in 60 s"))
                continue
            if run.returncode != 0:
                results.append((-1.0, f"{name} @{p}: glayers failed: {run.stderr.strip().splitlines()[-1:]}"))
                continue
            theirs = os.path.join(out, f"{key}-{int(p * 100)}-thorvg.png")
            # In a process of its own: ThorVG crashes on some files.
            try:
                run = subprocess.run(
                    [sys.executable, __file__, "--thorvg", path, str(p), str(width), str(height), theirs],
                    capture_output=True, text=True, timeout=60)
            except subprocess.TimeoutExpired:
                results.append((2.0, f"{name} @{p}: ThorVG did not finish in 60 s"))
                continue
            if run.returncode != 0:
                results.append((2.0, f"{name} @{p}: ThorVG cannot draw it ({run.returncode})"))
                continue
            reference = np.asarray(Image.open(theirs).convert("RGBA"), dtype=np.float64) / 255
            mine = np.asarray(Image.open(png).convert("RGBA"), dtype=np.float64) / 255
            s = score(mine, reference)
            if s < 0.985:
                both = np.concatenate([mine, reference], axis=1)
                Image.fromarray((both * 255).round().astype(np.uint8)).save(os.path.join(out, f"{key}-{int(p * 100)}-vs.png"))
            results.append((s, f"{name} @{p}: {width}x{height} score={s:.4f}{'' if s >= 0.985 else ' FAIL'}"))
    results.sort(key=lambda r: r[0])
    for _, line in results:
        print(line)
    scored = [s for s, _ in results if 0 <= s <= 1]
    print(f"passed {sum(s >= 0.985 for s in scored)} of {len(scored)} frames scored "
          f"({len(results) - len(scored)} not scored)")


if __name__ == "__main__":
    main()
