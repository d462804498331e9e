#!/usr/bin/env python3
"""Writes samples/bench/rounded-tiles.json, the benchmark of the general and shape programs'
leaner variants (docs/performance.md, "Lean programs for rounded layers"): a 640×480 screen of
48 turning 64×64 layers, every pixel of them redrawn every frame, twelve of each kind: rounded
buttons (background and circular corners), buttons with continuous corners, images in rounded
rects (`masksToBounds`) and images with a border. On a software rasterizer their cost is the
fragment program's, so each kind measures one of its parts.

    samples/generators/rounded_tiles.py [KIND]

With KIND (buttons, continuous, images, borders), writes all 48 layers of that kind to stdout
instead, to measure one kind alone."""
import os
import sys

from compactjson import dumps

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = {
    "buttons": {"backgroundColor": "#3A7BD5", "cornerRadius": 14},
    "continuous": {"backgroundColor": "#3A7BD5", "cornerRadius": 14, "cornerCurve": "continuous"},
    "images": {"contents": "../images/paper.png", "cornerRadius": 14, "masksToBounds": True},
    "borders": {"contents": "../images/paper.png", "borderWidth": 2, "borderColor": "white"},
}


def tile(i, kind):
    layer = {
        "name": "tile%d" % i,
        "bounds": [0, 0, 64, 64],
        "position": [60 + (i % 8) * 75, 60 + (i // 8) * 75],
        "animations": {"turn": {"keyPath": "transform.rotation.z", "fromValue": 0, "toValue": 6.2832,
                                "duration": 4 + i % 5, "repeatCount": "infinity"}},
    }
    layer.update(KINDS[kind])
    return layer


def scene(kinds):
    return {
        "$schema": "../../schema/scene.schema.json",
        "name": "Rounded tiles (lean program benchmark)",
        "size": [640, 480],
        "background": "#1E1E24",
        "root": {"sublayers": [tile(i, kinds[i // 12 % len(kinds)]) for i in range(48)]},
    }


def main():
    if len(sys.argv) > 1:
        if sys.argv[1] not in KINDS:
            sys.exit("rounded_tiles.py: KIND is one of " + ", ".join(KINDS))
        sys.stdout.write(dumps(scene([sys.argv[1]])) + "\n")
        return
    with open(os.path.join(HERE, "..", "bench", "rounded-tiles.json"), "w") as f:
        f.write(dumps(scene(list(KINDS))) + "\n")


if __name__ == "__main__":
    main()
