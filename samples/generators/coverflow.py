#!/usr/bin/env python3
"""Writes samples/coverflow.json: a perspective cover flow moved by the arrow keys. It uses only
the generic scene mechanism: a `selected` state, and for every cover three bindings (position,
transform, zPosition) whose values are tabulated here for each value of `selected`."""
import os

from compactjson import dumps

HERE = os.path.dirname(os.path.abspath(__file__))
TITLES = ["Dawn", "Harbour", "Orchard", "Glacier", "Desert", "Meadow", "Nebula"]
COLORS = [
    ("#F6D365", "#FDA085"), ("#2193B0", "#6DD5ED"), ("#56AB2F", "#A8E063"), ("#E0EAFC", "#8EA6C9"),
    ("#F2994A", "#C0392B"), ("#11998E", "#38EF7D"), ("#654EA3", "#EAAFC8"),
]
WIDTH, HEIGHT, SIDE = 1000, 320, 200
CENTER = [WIDTH / 2, HEIGHT / 2]

def placement(i, selected):
    d = i - selected
    if d == 0:
        return [CENTER[0], CENTER[1]], [{"translate": [0, 0, 60]}], 0
    sign = 1 if d > 0 else -1
    x = CENTER[0] + sign * (170 + (abs(d) - 1) * 55)
    return [x, CENTER[1]], [{"rotate": "%ddeg" % (-60 * sign), "axis": [0, 1, 0]}], -abs(d)

def cover(i):
    return {
        "name": "cover%d" % i,
        "class": "CAGradientLayer",
        "colors": list(COLORS[i]),
        "startPoint": [0, 0], "endPoint": [1, 1],
        "bounds": [0, 0, SIDE, SIDE],
        "position": placement(i, 3)[0],
        "cornerRadius": 6,
        "borderWidth": 1, "borderColor": "#FFFFFF55",
        "sublayers": [{
            "class": "CATextLayer", "string": TITLES[i], "fontSize": 24, "foregroundColor": "white",
            "alignmentMode": "center", "frame": [0, SIDE - 44, SIDE, 32],
        }],
    }

def bindings():
    out = []
    for i in range(len(TITLES)):
        table = [placement(i, s) for s in range(len(TITLES))]
        for key, k in (("position", 0), ("transform", 1), ("zPosition", 2)):
            out.append({"layer": "cover%d" % i, "keyPath": key, "values": [t[k] for t in table], "index": "$selected"})
    return out

def main():
    scene = {
        "$schema": "../schema/scene.schema.json",
        "name": "Cover Flow",
        "size": [1024, 600],
        "background": "#101014",
        "state": {"selected": {"initial": 3, "min": 0, "max": len(TITLES) - 1}},
        "transaction": {"animationDuration": 0.4, "timingFunction": "easeOut"},
        "root": {
            "sublayers": [{
                "name": "covers",
                "bounds": [0, 0, WIDTH, HEIGHT],
                "sublayerTransform": [{"perspective": 500}],
                "constraints": [
                    {"attribute": "midX", "relativeTo": "superlayer"},
                    {"attribute": "midY", "relativeTo": "superlayer"},
                ],
                "sublayers": [cover(i) for i in range(len(TITLES))],
            }]
        },
        "keys": {
            "Left": [{"decrement": "selected"}],
            "Right": [{"increment": "selected"}],
            "Home": [{"set": "selected", "value": 0}],
            "End": [{"set": "selected", "value": len(TITLES) - 1}],
        },
        "clicks": {"covers": [{"set": "selected", "value": "$clickedIndex"}]},
        "bindings": bindings(),
    }
    with open(os.path.join(HERE, "..", "coverflow.json"), "w") as f:
        f.write(dumps(scene) + "\n")

if __name__ == "__main__":
    main()
