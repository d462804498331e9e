#!/usr/bin/env python3
"""Draws the snowflake images of samples/snowfall.json: five 64x64 RGBA PNGs in
samples/images/flakeN.png (white six-armed crystals on transparent, anti-aliased).
Standard library only; deterministic, so running it again reproduces the committed files."""
import math, os, struct, zlib

SIZE = 64
HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "images")

def segment_distance(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
    cx, cy = ax + t * dx, ay + t * dy
    return math.hypot(px - cx, py - cy)

def flake_segments(style):
    """Line segments (in units of the radius) of one arm, repeated six times."""
    arm = [(0.0, 0.0, 0.0, 1.0)]
    branches = [(0.35, 0.28), (0.6, 0.22), (0.8, 0.14)]
    for i, (at, length) in enumerate(branches):
        if style % 2 == 1 and i == 2:
            continue
        scale = 1.0 + 0.25 * ((style + i) % 3 - 1)
        for side in (-1, 1):
            angle = math.radians(60) * side
            arm.append((0.0, at, math.sin(angle) * length * scale, at + math.cos(angle) * length * scale))
    segments = []
    for k in range(6):
        a = math.radians(60 * k + 15 * (style % 2))
        ca, sa = math.cos(a), math.sin(a)
        for (x0, y0, x1, y1) in arm:
            segments.append((x0 * ca - y0 * sa, x0 * sa + y0 * ca, x1 * ca - y1 * sa, x1 * sa + y1 * ca))
    return segments

def draw(style):
    radius = SIZE / 2 - 3
    width = 1.6 + 0.3 * (style % 3)
    segments = [tuple(v * radius for v in s) for s in flake_segments(style)]
    rows = []
    for y in range(SIZE):
        row = bytearray([0])  # PNG filter type 0
        for x in range(SIZE):
            px, py = x + 0.5 - SIZE / 2, y + 0.5 - SIZE / 2
            d = min(segment_distance(px, py, *s) for s in segments)
            alpha = max(0.0, min(1.0, width / 2 + 0.5 - d))
            row += bytes([255, 255, 255, int(round(alpha * 255))])
        rows.append(bytes(row))
    return b"".join(rows)

def png(raw):
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", SIZE, SIZE, 8, 6, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    for style in range(5):
        with open(os.path.join(OUT, "flake%d.png" % style), "wb") as f:
            f.write(png(draw(style)))
