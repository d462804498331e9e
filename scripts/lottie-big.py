#!/usr/bin/env python3
"""Writes a large Lottie file for the load benchmark (docs/performance.md, "Lottie: loading").

  scripts/lottie-big.py OUT.json [BYTES]        (default 1048576: 1 MiB)

Shape layers are added until the file reaches BYTES: each has a keyframed transform
(position along a motion path, rotation, scale, opacity) and a group of a rectangle, an
ellipse and a 12-point path, filled, stroked and trimmed (trim keyframes), with eased
keyframes; every tenth layer is a precomp of a small shared composition. The numbers are a
fixed function of the layer's index, so the file is the same on every run.
"""
import json
import sys


def static(v):
    return {"a": 0, "k": v}


def keys(*frames):
    out = []
    for i, (t, s) in enumerate(frames):
        k = {"t": t, "s": s if isinstance(s, list) else [s]}
        if i + 1 < len(frames):
            k["o"] = {"x": [0.33], "y": [0]}
            k["i"] = {"x": [0.67], "y": [1]}
        out.append(k)
    return {"a": 1, "k": out}


def transform(n):
    x, y = 20 + (n * 37) % 460, 20 + (n * 53) % 460
    return {
        "o": keys((0, 100), (30, 40 + n % 60), (60, 100)),
        "r": keys((0, 0), (60, 360 * (1 + n % 3))),
        "p": {"a": 1, "k": [
            {"t": 0, "s": [x, y, 0], "to": [8, 0, 0], "ti": [-8, 4, 0],
             "o": {"x": 0.33, "y": 0}, "i": {"x": 0.67, "y": 1}},
            {"t": 60, "s": [500 - x, 500 - y, 0]}]},
        "a": static([0, 0, 0]),
        "s": keys((0, [100, 100, 100]), (30, [60 + n % 80, 60 + n % 80, 100]), (60, [100, 100, 100])),
    }


def item_transform():
    return {"ty": "tr", "p": static([0, 0]), "a": static([0, 0]), "s": static([100, 100]), "r": static(0), "o": static(100)}


def shape_group(n):
    v = [[10 * (i % 4) - 15, 10 * (i // 4) - 15] for i in range(12)]
    return {"ty": "gr", "nm": f"g{n}", "it": [
        {"ty": "rc", "d": 1, "p": static([0, 0]), "s": keys((0, [20, 14]), (60, [30, 24])), "r": static(3)},
        {"ty": "el", "d": 1, "p": static([6, 6]), "s": static([12, 12])},
        {"ty": "sh", "ks": static({"i": [[1, 1]] * 12, "o": [[-1, -1]] * 12, "v": v, "c": True})},
        {"ty": "fl", "c": keys((0, [n % 7 / 7, 0.4, 0.8, 1]), (60, [0.9, n % 5 / 5, 0.2, 1])), "o": static(100), "r": 1},
        {"ty": "st", "c": static([0, 0, 0, 1]), "o": static(100), "w": static(1.5), "lc": 2, "lj": 2, "ml": 4},
        {"ty": "tm", "s": keys((0, 0), (60, 30)), "e": keys((0, 40), (60, 100)), "o": static(0), "m": 1},
        item_transform()]}


def layer(n):
    common = {"ddd": 0, "ind": n + 1, "nm": f"layer {n}", "ks": transform(n), "ao": 0, "ip": 0, "op": 60, "st": 0, "sr": 1}
    if n % 10 == 9:
        return dict(common, ty=0, refId="shared", w=60, h=60)
    return dict(common, ty=4, shapes=[shape_group(n)])


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    target = int(sys.argv[2]) if len(sys.argv) == 3 else 1 << 20
    shared = {"id": "shared", "layers": [dict(layer(0), ind=1), dict(layer(1), ind=2)]}
    doc = {"v": "5.7.4", "fr": 30, "ip": 0, "op": 60, "w": 500, "h": 500, "nm": "big", "ddd": 0,
           "assets": [shared], "layers": []}
    base = len(json.dumps(doc, separators=(",", ":")))
    size, n = base, 0
    while size < target:
        entry = layer(n)
        size += len(json.dumps(entry, separators=(",", ":"))) + 1
        doc["layers"].append(entry)
        n += 1
    with open(sys.argv[1], "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    print(f"{sys.argv[1]}: {n} layers, {size} bytes")


if __name__ == "__main__":
    main()
