#!/usr/bin/env python3
"""Writes samples/bench/rounded-tiles.json, the benchmark of the general and shape programs'
leaner variants (docs/performance.md, "Lean programs for rounded layers"): a 640×480 screen of
48 turning 64×64 layers, every pixel of them redrawn every frame, twelve of each kind: rounded
buttons (background and circular corners), buttons with continuous corners, images in rounded
rects (`masksToBounds`) and images with a border. On a software rasterizer their cost is the
fragment program's, so each kind measures one of its parts.

    samples/generators/rounded_tiles.py [KIND]

With KIND (buttons, continuous, images, borders), writes all 48 layers of that kind to stdout
instead, to measure one kind alone (save it in samples/bench/, beside the images' tile.png)."""
import os
import struct
import sys
import zlib

from compactjson import dumps

HERE = os.path.dirname(os.path.abspath(__file__))
KINDS = {
    "buttons": {"backgroundColor": "#3A7BD5", "cornerRadius": 14},
    "continuous": {"backgroundColor": "#3A7BD5", "cornerRadius": 14, "cornerCurve": "continuous"},
    "images": {"contents": "tile.png", "cornerRadius": 14, "masksToBounds": True},
    "borders": {"contents": "tile.png", "borderWidth": 2, "borderColor": "white"},
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


def write_tile(path):
    """An opaque 64×64 gradient, the images' content (a PNG written with zlib alone)."""
    rows = b"".join(b"\0" + bytes(v for x in range(64) for v in (x * 4, y * 4, 128, 255)) for y in range(64))

    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))

    png = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 64, 64, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(rows, 9)) + chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def main():
    bench = os.path.join(HERE, "..", "bench")
    write_tile(os.path.join(bench, "tile.png"))
    if len(sys.argv) > 1:
        if sys.argv[1] not in KINDS:
            sys.exit("rounded_tiles.py: KIND is one of " + ", ".join(KINDS))
        sys.stdout.write(dumps(scene([sys.argv[1]])) + "\n")
        return
    with open(os.path.join(bench, "rounded-tiles.json"), "w") as f:
        f.write(dumps(scene(list(KINDS))) + "\n")


if __name__ == "__main__":
    main()
