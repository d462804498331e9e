#!/usr/bin/env python3
"""Writes samples/snowfall.json (the snowfall of a well-known Core Animation article): flakes falling from above the window to below it,
each turning about x, y and z with its own cumulative rotation animations, scaled with an
m34 perspective, rasterized and double-sided. The random parameters come from a fixed seed,
so running it again reproduces the committed file."""
import math, os, random

from compactjson import dumps

WIDTH, HEIGHT, FLAKES, SEED = 1024, 768, 80, 3
HERE = os.path.dirname(os.path.abspath(__file__))

def r(x, digits=3):
    return round(x, digits)

def flake(rng, i):
    scale = r(rng.randrange(6) / 10 + 0.5, 2)  # the seed's 0.5 … 1.0
    fall = r(rng.uniform(12, 20), 2)
    start = [r(rng.uniform(0, WIDTH), 1), -64]
    end = [r(rng.uniform(0, WIDTH), 1), HEIGHT + 64]
    animations = {
        "fall": {
            "keyPath": "position", "fromValue": start, "toValue": end, "duration": fall,
            "timingFunction": "linear", "repeatCount": "infinity",
            # Start somewhere along the fall so the window is full of snow at once.
            "timeOffset": r(rng.uniform(0, fall), 2),
        }
    }
    for axis in "xyz":
        animations["rotate " + axis] = {
            "keyPath": "transform.rotation." + axis, "fromValue": 0,
            "toValue": r(rng.uniform(0.5, 1.0) * math.pi, 4), "duration": r(rng.uniform(2, 8), 2),
            "timingFunction": "linear", "repeatCount": "infinity", "cumulative": True,
            "removedOnCompletion": False, "fillMode": "forwards",
        }
    return {
        "name": "flake%d" % i,
        "contents": "images/flake%d.png" % rng.randrange(5),
        "bounds": [0, 0, 64, 64],
        "position": start,
        "shouldRasterize": True, "rasterizationScale": 2, "contentsScale": 2,
        "doubleSided": True,
        "transform": [{"scale": [scale, scale, 1]}, {"perspective": 300}],
        "animations": animations,
    }

def main():
    rng = random.Random(SEED)
    scene = {
        "$schema": "../schema/scene.schema.json",
        "name": "Snowfall",
        "size": [WIDTH, HEIGHT],
        "background": "#0B1530",
        "root": {
            "sublayers": [
                {
                    "name": "sky", "class": "CAGradientLayer",
                    "colors": ["#0B1530", "#27406B"],
                    "autoresizingMask": ["layerWidthSizable", "layerHeightSizable"],
                    "frame": [0, 0, WIDTH, HEIGHT],
                },
                {
                    "name": "snow",
                    "autoresizingMask": ["layerWidthSizable", "layerHeightSizable"],
                    "frame": [0, 0, WIDTH, HEIGHT],
                    "sublayers": [flake(rng, i) for i in range(FLAKES)],
                },
            ]
        },
        "keys": {"space": [{"togglePause": "snow"}]},
    }
    with open(os.path.join(HERE, "..", "snowfall.json"), "w") as f:
        f.write(dumps(scene) + "\n")

if __name__ == "__main__":
    main()
