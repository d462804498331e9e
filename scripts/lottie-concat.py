#!/usr/bin/env python3
"""Writes a large Lottie file made of real ones, for the load benchmark (docs/performance.md,
"Loading").

  scripts/lottie-concat.py DIR OUT.json [BYTES]        (default 1048576: 1 MiB)

Takes the Lottie files under DIR (recursively, in name order) and puts copies of their
compositions, one after another, into one file until it reaches BYTES: each copy's layers
become a composition asset (with its own assets, their ids made unique), shown by one
precomp layer of the root composition scaled to fit it. Files with text (fonts or glyphs) are
left out. The result holds what exported files hold (paths with many vertices, shape morphs,
gradients, masks, mattes, easing) at the proportions those files have, where
`scripts/lottie-big.py` writes a file in which every layer animates everything.
"""
import json
import os
import sys

SIZE = 500


def rename_refs(layers, prefix):
    for layer in layers:
        if "refId" in layer:
            layer["refId"] = prefix + layer["refId"]


def copy_of(doc, prefix):
    """The assets (renamed) and the precomp asset of one copy of `doc`."""
    assets = []
    for asset in doc.get("assets", []):
        asset = json.loads(json.dumps(asset))
        asset["id"] = prefix + str(asset["id"])
        if "layers" in asset:
            rename_refs(asset["layers"], prefix)
        assets.append(asset)
    layers = json.loads(json.dumps(doc["layers"]))
    rename_refs(layers, prefix)
    assets.append({"id": prefix + "root", "layers": layers})
    return assets


def precomp_layer(doc, prefix, index, frame_rate, out_point):
    w, h = doc["w"], doc["h"]
    scale = 100.0 * min(SIZE / w, SIZE / h)
    return {
        "ddd": 0, "ind": index, "ty": 0, "nm": prefix + "root", "refId": prefix + "root",
        "ks": {
            "o": {"a": 0, "k": 100}, "r": {"a": 0, "k": 0},
            "p": {"a": 0, "k": [SIZE / 2, SIZE / 2, 0]}, "a": {"a": 0, "k": [w / 2, h / 2, 0]},
            "s": {"a": 0, "k": [scale, scale, 100]},
        },
        "ao": 0, "w": w, "h": h, "ip": 0, "op": out_point, "st": doc.get("ip", 0),
        # The copy's frames at its own rate.
        "sr": frame_rate / doc.get("fr", frame_rate),
    }


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__)
    source, out = sys.argv[1], sys.argv[2]
    target = int(sys.argv[3]) if len(sys.argv) == 4 else 1 << 20
    paths = sorted(
        os.path.join(d, f) for d, _, files in os.walk(source) for f in files if f.endswith(".json"))
    docs = []
    for path in paths:
        with open(path) as f:
            try:
                doc = json.load(f)
            except ValueError:
                continue
        if isinstance(doc, dict) and "layers" in doc and "w" in doc and not doc.get("fonts") and not doc.get("chars"):
            docs.append((os.path.basename(path), doc))
    if not docs:
        sys.exit(f"no Lottie files without text under {source}")
    frame_rate, out_point = 30, 90
    root = {"v": "5.7.4", "fr": frame_rate, "ip": 0, "op": out_point, "w": SIZE, "h": SIZE, "nm": "concat",
            "ddd": 0, "assets": [], "layers": []}
    size, n = len(json.dumps(root, separators=(",", ":"))), 0
    while size < target:
        name, doc = docs[n % len(docs)]
        prefix = f"c{n}_"
        assets = copy_of(doc, prefix)
        layer = precomp_layer(doc, prefix, n + 1, frame_rate, out_point)
        size += sum(len(json.dumps(a, separators=(",", ":"))) + 1 for a in assets)
        size += len(json.dumps(layer, separators=(",", ":"))) + 1
        root["assets"].extend(assets)
        root["layers"].append(layer)
        n += 1
    with open(out, "w") as f:
        json.dump(root, f, separators=(",", ":"))
    print(f"{out}: {n} compositions from {len(docs)} files, {os.path.getsize(out)} bytes")


if __name__ == "__main__":
    main()
