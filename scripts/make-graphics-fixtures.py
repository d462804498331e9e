#!/usr/bin/env python3
"""Writes the image fixtures of GLayersGraphicsTests (Tests/GLayersGraphicsTests/Fixtures).

PNGs are written byte by byte here (so their pixels are known exactly); JPEGs are made
with ImageMagick's `convert`. Run from the repository root; commit the results.
"""
import os, random, struct, subprocess, zlib

OUT = "Tests/GLayersGraphicsTests/Fixtures"

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

def png(width, height, color_type, bit_depth, rows, extra=b"", interlaced=False):
    """rows: list of bytes, one per image row (without filter bytes)."""
    ihdr = struct.pack(">IIBBBBB", width, height, bit_depth, color_type, 0, 0, 1 if interlaced else 0)
    if interlaced:
        raw = adam7(width, height, rows, bits_per_pixel(color_type, bit_depth))
    else:
        raw = b"".join(b"\x00" + r for r in rows)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + extra
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))

def bits_per_pixel(color_type, bit_depth):
    channels = {0: 1, 2: 3, 3: 1, 4: 2, 6: 4}[color_type]
    return channels * bit_depth

def adam7(width, height, rows, bpp):
    assert bpp % 8 == 0
    step = bpp // 8
    passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    out = b""
    for x0, y0, dx, dy in passes:
        for y in range(y0, height, dy):
            line = b"".join(rows[y][x * step:(x + 1) * step] for x in range(x0, width, dx))
            if line:
                out += b"\x00" + line
    return out

# 4 × 3 straight RGBA with varied alpha; GLayersGraphicsTests.rgbaFixture repeats these values.
RGBA = [
    [(255, 0, 0, 255), (0, 255, 0, 128), (0, 0, 255, 1), (10, 20, 30, 0)],
    [(255, 255, 255, 255), (200, 100, 50, 200), (17, 34, 51, 64), (255, 128, 0, 254)],
    [(0, 0, 0, 255), (128, 128, 128, 127), (250, 5, 99, 3), (1, 2, 3, 255)],
]

def rows_of(pixels):
    return [bytes(c for p in row for c in p) for row in pixels]

def write(name, data):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)

def main():
    os.makedirs(OUT, exist_ok=True)
    write("rgba.png", png(4, 3, 6, 8, rows_of(RGBA)))
    write("rgba-interlaced.png", png(4, 3, 6, 8, rows_of(RGBA), interlaced=True))
    # Palette 3 × 2 with tRNS: red, green (alpha 128), blue (alpha 0).
    plte = chunk(b"PLTE", bytes([255, 0, 0, 0, 255, 0, 0, 0, 255])) + chunk(b"tRNS", bytes([255, 128, 0]))
    write("palette.png", png(3, 2, 3, 8, [bytes([0, 1, 2]), bytes([2, 1, 0])], extra=plte))
    write("gray.png", png(3, 1, 0, 8, [bytes([0, 128, 255])]))
    # 16-bit RGBA: 0x1234 etc.; 8-bit results are the rounded high bytes for sRGB data.
    rgba16 = [struct.pack(">8H", 0xFFFF, 0x0000, 0x8080, 0xFFFF, 0x0000, 0xFFFF, 0x0000, 0x8080)]
    write("rgba16.png", png(2, 1, 6, 16, rgba16))
    # 48 × 48 noise: big enough that cutting the file in half cuts the IDAT.
    rnd = random.Random(7)
    noise = [bytes(rnd.randrange(256) for _ in range(48 * 4)) for _ in range(48)]
    full = png(48, 48, 6, 8, noise)
    write("noise.png", full)
    write("truncated.png", full[: len(full) // 2])
    bad = bytearray(full)
    bad[100] ^= 0xFF  # Inside IDAT: the CRC no longer matches.
    write("bad-crc.png", bytes(bad))
    # A valid IHDR claiming 100000 × 100000 pixels, then a tiny IDAT.
    ihdr = struct.pack(">IIBBBBB", 100000, 100000, 8, 6, 0, 0, 0)
    write("huge-header.png", b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
          + chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b""))
    write("empty.png", b"")
    write("text.png", b"This is a text file, renamed to .png.\n")

    # JPEGs: 32 × 32 quadrants red | green / blue | white, from a PNG source.
    quad = []
    for y in range(32):
        row = []
        for x in range(32):
            row.append([(255, 0, 0, 255), (0, 255, 0, 255), (0, 0, 255, 255), (255, 255, 255, 255)]
                       [(y // 16) * 2 + x // 16])
        quad.append(row)
    source = os.path.join(OUT, "quadrants-source.png")
    write("quadrants-source.png", png(32, 32, 6, 8, rows_of(quad)))
    def convert(*args):
        subprocess.run(["convert", source, "-strip", *args], check=True)
    convert("-quality", "95", "-sampling-factor", "4:2:0", os.path.join(OUT, "baseline.jpg"))
    convert("-quality", "95", "-interlace", "JPEG", os.path.join(OUT, "progressive.jpg"))
    convert("-quality", "95", "-colorspace", "Gray", "-type", "Grayscale", os.path.join(OUT, "gray.jpg"))
    convert("-quality", "95", "-colorspace", "CMYK", os.path.join(OUT, "cmyk.jpg"))
    os.remove(source)
    with open(os.path.join(OUT, "baseline.jpg"), "rb") as f:
        jpeg = f.read()
    write("truncated-header.jpg", jpeg[: len(jpeg) * 6 // 10])  # Cut inside the tables.
    noise_jpeg = os.path.join(OUT, "noise.jpg")
    subprocess.run(["convert", os.path.join(OUT, "noise.png"), "-strip", "-quality", "90", noise_jpeg], check=True)
    with open(noise_jpeg, "rb") as f:
        jpeg = f.read()
    os.remove(noise_jpeg)
    write("truncated.jpg", jpeg[: len(jpeg) * 7 // 10])  # Cut inside the scan data.
    subprocess.run(["convert", "-size", "2x2", "xc:red", os.path.join(OUT, "tiny.gif")], check=True)

if __name__ == "__main__":
    main()
