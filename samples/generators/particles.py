#!/usr/bin/env python3
"""Draws the particle images of the emitter samples: samples/images/spark.png (a 32x32 soft
round glow, white, for fireworks.json: cells tint it by their colour) and samples/images/paper.png
(a 16x10 white strip with soft edges, for confetti.json). Standard library only; deterministic,
so running it again reproduces the committed files."""
import math, os, struct, zlib

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "..", "images")

def png(width, height, pixel):
    """A PNG of straight RGBA pixels; pixel(x, y) gives (r, g, b, a) as floats 0...1."""
    rows = []
    for y in range(height):
        row = bytearray([0])  # PNG filter type 0
        for x in range(width):
            row += bytes(int(round(max(0.0, min(1.0, c)) * 255)) for c in pixel(x + 0.5, y + 0.5))
        rows.append(bytes(row))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    raw = b"".join(rows)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")

def spark(x, y):
    r = math.hypot(x - 16, y - 16) / 16
    core = max(0.0, 1 - r / 0.25)
    glow = max(0.0, 1 - r) ** 2
    return (1, 1, 1, min(1.0, core + 0.85 * glow))

def paper(x, y):
    # Soft one-pixel edges so turning strips stay smooth.
    edge = min(x, 16 - x, y, 10 - y)
    return (1, 1, 1, max(0.0, min(1.0, edge)))

if __name__ == "__main__":
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "spark.png"), "wb") as f:
        f.write(png(32, 32, spark))
    with open(os.path.join(OUT, "paper.png"), "wb") as f:
        f.write(png(16, 10, paper))
