#!/usr/bin/env python3
"""Writes samples/bench/moving-layer.json, the damage benchmark (#13): a 1280×720 screen of
still content (a full-screen gradient, twelve gradient cards with borders, shadows and
titles) and one 64×64 layer gliding across it. A full redraw fills every pixel several times;
only the moving layer's path changes."""
import os

from compactjson import dumps

HERE = os.path.dirname(os.path.abspath(__file__))
TITLES = ["Movies", "Music", "Podcasts", "Photos", "Internet", "Radio",
          "Books", "News", "Weather", "Maps", "Games", "Settings"]

def card(i, title):
    column, row = i % 4, i // 4
    return {
        "name": "card%d" % i,
        "class": "CAGradientLayer",
        "colors": ["#2B5876", "#4E4376"] if i % 2 == 0 else ["#485563", "#29323C"],
        "startPoint": [0, 0], "endPoint": [1, 1],
        "frame": [80 + column * 290, 70 + row * 200, 250, 160],
        "cornerRadius": 14, "borderWidth": 1, "borderColor": "#FFFFFF40",
        "shadowOpacity": 0.5, "shadowRadius": 8, "shadowOffset": [0, 4],
        "sublayers": [{
            "class": "CATextLayer", "string": title, "fontSize": 26, "foregroundColor": "white",
            "alignmentMode": "center", "frame": [0, 60, 250, 40],
        }],
    }

def main():
    scene = {
        "$schema": "../../schema/scene.schema.json",
        "name": "One layer moving (damage benchmark)",
        "size": [1280, 720],
        "background": "black",
        "root": {"sublayers": [
            {"name": "backdrop", "class": "CAGradientLayer", "colors": ["#0F2027", "#203A43", "#2C5364"],
             "startPoint": [0, 0], "endPoint": [1, 1], "frame": [0, 0, 1280, 720]},
            *[card(i, t) for i, t in enumerate(TITLES)],
            {"name": "mover", "bounds": [0, 0, 64, 64], "position": [40, 40], "backgroundColor": "#F2C14E",
             "cornerRadius": 8,
             "animations": {"glide": {"keyPath": "position.x", "fromValue": 40, "toValue": 1240, "duration": 8,
                                      "autoreverses": True, "repeatCount": "infinity"}}},
        ]},
    }
    with open(os.path.join(HERE, "..", "bench", "moving-layer.json"), "w") as f:
        f.write(dumps(scene) + "\n")

if __name__ == "__main__":
    main()
