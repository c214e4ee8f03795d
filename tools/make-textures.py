#!/usr/bin/env python3
"""Generates the particle textures in assets/ (standard library only, deterministic output).

    python3 tools/make-textures.py

Every texture is white with an alpha falloff, so a cell's colour tints it exactly.
"""
import math
import os
import struct
import zlib

ASSETS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "assets")


def write_png(path, width, height, pixel):
    """pixel(x, y) -> (r, g, b, a) bytes 0..255, for pixel centres."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)  # filter: none
        for x in range(width):
            rows.extend(pixel(x, y))
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)
    png = b"\x89PNG\r\n\x1a\n"
    png += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0))
    png += chunk(b"IDAT", zlib.compress(bytes(rows), 9))
    png += chunk(b"IEND", b"")
    with open(path, "wb") as f:
        f.write(png)


def clamp(v):
    return max(0, min(255, int(round(v * 255))))


def fire(size=64):
    """A soft flame puff: a round body with a slightly taller, tapering top, white with soft alpha."""
    c = (size - 1) / 2
    def pixel(x, y):
        dx = (x - c) / (size / 2)
        dy = (y - c) / (size / 2)
        # Taller above the centre than below, like a licking flame.
        ry = 1.0 if dy < 0 else 0.8
        d = math.sqrt(dx * dx + (dy / ry) ** 2)
        a = max(0.0, 1.0 - d) ** 2.5
        return (255, 255, 255, clamp(a))
    return pixel


def glow(size=128):
    """A bright glow dot: a small hot core inside a wide soft halo."""
    c = (size - 1) / 2
    def pixel(x, y):
        d = math.hypot(x - c, y - c) / (size / 2)
        if d >= 1:
            return (255, 255, 255, 0)
        core = math.exp(-(d / 0.18) ** 2)
        halo = (1 - d) ** 2.2
        a = min(1.0, 0.85 * core + 0.6 * halo)
        return (255, 255, 255, clamp(a))
    return pixel


if __name__ == "__main__":
    os.makedirs(ASSETS, exist_ok=True)
    write_png(os.path.join(ASSETS, "fire.png"), 64, 64, fire(64))
    write_png(os.path.join(ASSETS, "neon.png"), 128, 128, glow(128))
    print("wrote", ", ".join(sorted(f for f in os.listdir(ASSETS) if f.endswith(".png"))))
