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


def starfield(width=800, height=600, seed=20261121):
    """Stars of varied brightness and a few coloured ones on black, opaque."""
    import random
    rng = random.Random(seed)
    sky = [[(0.0, 0.0, 0.0)] * width for _ in range(height)]
    # A faint violet haze across the middle.
    for y in range(height):
        for x in range(width):
            band = math.exp(-(((y - height * 0.45) + 0.25 * (x - width / 2)) / (height * 0.22)) ** 2)
            sky[y][x] = (0.05 * band, 0.025 * band, 0.08 * band)
    for _ in range(900):
        x, y = rng.uniform(0, width), rng.uniform(0, height)
        brightness = rng.random() ** 3
        tint = rng.choice([(1, 1, 1), (1, 1, 1), (0.8, 0.85, 1), (1, 0.9, 0.75)])
        radius = 0.6 + 1.6 * brightness
        for yy in range(int(y - 3), int(y + 4)):
            for xx in range(int(x - 3), int(x + 4)):
                if 0 <= xx < width and 0 <= yy < height:
                    d = math.hypot(xx + 0.5 - x, yy + 0.5 - y)
                    a = max(0.0, 1 - d / radius) * (0.25 + 0.75 * brightness)
                    r, g, b = sky[yy][xx]
                    sky[yy][xx] = (r + a * tint[0], g + a * tint[1], b + a * tint[2])
    return lambda x, y: (clamp(sky[y][x][0]), clamp(sky[y][x][1]), clamp(sky[y][x][2]), 255)


def sun(size=128):
    """A yellow-white disc with an orange corona fading out."""
    c = (size - 1) / 2
    disc = size * 0.28
    def pixel(x, y):
        d = math.hypot(x - c, y - c)
        if d <= disc:
            t = d / disc
            col = (1.0, 0.95 - 0.25 * t * t, 0.6 - 0.45 * t)
            a = 1.0 - max(0.0, d - disc + 1)
            return (clamp(col[0]), clamp(col[1]), clamp(col[2]), 255)
        glow = max(0.0, 1 - (d - disc) / (size / 2 - disc)) ** 2.2
        edge = max(0.0, min(1.0, disc + 1 - d))
        a = max(glow * 0.9, edge)
        return (255, clamp(0.6 + 0.2 * edge), clamp(0.15 + 0.3 * edge), clamp(a))
    return pixel


def earth(size=32, seed=3):
    """A small blue planet with green land, lit from the upper left, with a smooth edge."""
    import random
    rng = random.Random(seed)
    blobs = [(rng.uniform(-1, 1), rng.uniform(-1, 1), rng.uniform(0.25, 0.5)) for _ in range(7)]
    c = (size - 1) / 2
    r = size / 2 - 1
    def pixel(x, y):
        dx, dy = (x - c) / r, (y - c) / r
        d = math.hypot(dx, dy)
        coverage = max(0.0, min(1.0, (1 - d) * r + 0.5))
        if coverage == 0:
            return (0, 0, 0, 0)
        land = any(math.hypot(dx - bx, dy - by) < br for bx, by, br in blobs)
        base = (0.2, 0.55, 0.25) if land else (0.12, 0.35, 0.85)
        z = math.sqrt(max(0.0, 1 - min(d, 1) ** 2))
        light = max(0.15, 0.5 * z + 0.5 * max(0.0, -0.5 * dx - 0.6 * dy + 0.6 * z))
        return (clamp(base[0] * light + 0.05), clamp(base[1] * light + 0.05), clamp(base[2] * light + 0.08), clamp(coverage))
    return pixel


def spark(size=16):
    """A small hot dot with a soft edge."""
    c = (size - 1) / 2
    def pixel(x, y):
        d = math.hypot(x - c, y - c) / (size / 2)
        a = max(0.0, 1 - d) ** 1.5
        return (255, 255, 255, clamp(a))
    return pixel


def snowflake(size=32):
    """A six-armed flake with side branches, soft-edged."""
    c = (size - 1) / 2
    arms = [math.pi / 3 * k for k in range(6)]
    def distance_to_segment(px, py, ax, ay, bx, by):
        dx, dy = bx - ax, by - ay
        t = max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / (dx * dx + dy * dy)))
        return math.hypot(px - ax - t * dx, py - ay - t * dy)
    segments = []
    r = size * 0.46
    for a in arms:
        ex, ey = c + r * math.cos(a), c + r * math.sin(a)
        segments.append((c, c, ex, ey, 1.4))
        for f, length in ((0.45, 0.3), (0.7, 0.22)):
            bx, by = c + f * r * math.cos(a), c + f * r * math.sin(a)
            for side in (-1, 1):
                b = a + side * math.pi / 4
                segments.append((bx, by, bx + length * r * math.cos(b), by + length * r * math.sin(b), 1.0))
    def pixel(x, y):
        d = min(distance_to_segment(x, y, ax, ay, bx, by) - w for ax, ay, bx, by, w in segments)
        a = max(0.0, min(1.0, 0.9 - d))
        core = max(0.0, 1 - math.hypot(x - c, y - c) / 3)
        return (255, 255, 255, clamp(max(a, core)))
    return pixel


def smoke(size=64, seed=5):
    """A soft puff with a cloudy, uneven density."""
    import random
    rng = random.Random(seed)
    blobs = [(rng.uniform(-0.45, 0.45), rng.uniform(-0.45, 0.45), rng.uniform(0.25, 0.5), rng.uniform(0.4, 1)) for _ in range(14)]
    c = (size - 1) / 2
    def pixel(x, y):
        dx, dy = (x - c) / (size / 2), (y - c) / (size / 2)
        density = 0.0
        for bx, by, br, bw in blobs:
            d = math.hypot(dx - bx, dy - by) / br
            density += bw * max(0.0, 1 - d * d)
        fade = max(0.0, 1 - math.hypot(dx, dy)) ** 1.2
        a = min(1.0, density * 0.45) * fade
        return (255, 255, 255, clamp(a))
    return pixel


def confetti(width=16, height=8):
    """A small paper rectangle with a slight fold shading."""
    def pixel(x, y):
        shade = 0.85 + 0.15 * (1 if x < width / 2 else 0)
        return (clamp(shade), clamp(shade), clamp(shade), 255)
    return pixel


def star(size=32):
    """A four-pointed twinkle with a round glow."""
    c = (size - 1) / 2
    def pixel(x, y):
        dx, dy = abs(x - c) / (size / 2), abs(y - c) / (size / 2)
        rays = max(max(0.0, 1 - dx) * max(0.0, 1 - dy * 9), max(0.0, 1 - dy) * max(0.0, 1 - dx * 9)) ** 1.5
        glow = max(0.0, 1 - math.hypot(dx, dy) * 2.2) ** 2
        return (255, 255, 255, clamp(min(1.0, rays + glow)))
    return pixel


def raindrop(width=12, height=44, slant=0.2):
    """A thin streak leaning like rain falling down and to the left at `slant` radians."""
    def pixel(x, y):
        t = y / (height - 1)
        centre = (width - 1) / 2 + (0.5 - t) * (height - 1) * math.tan(slant)
        d = abs(x - centre)
        a = max(0.0, 1 - d / 1.3) * (0.25 + 0.75 * t)
        return (255, 255, 255, clamp(a))
    return pixel


def heart(size=32):
    """A heart, white with a smooth edge (tinted by the cell colour)."""
    c = (size - 1) / 2
    def pixel(x, y):
        # The implicit heart curve (x² + y² − 1)³ − x² y³ ≤ 0, y up.
        u = (x - c) / (size * 0.36)
        v = -(y - c) / (size * 0.36) + 0.2
        inside = (u * u + v * v - 1) ** 3 - u * u * v ** 3
        a = max(0.0, min(1.0, 0.5 - inside * 12))
        return (255, 255, 255, clamp(a))
    return pixel


def standin_spark(size=64):
    """A stand-in for Xcode's particle image spark.png: a white dot whose alpha falls off
    smoothly from the centre to nothing at the edge (about 60 % at half the radius)."""
    c = (size - 1) / 2
    def pixel(x, y):
        r = math.hypot(x - c, y - c) / (size / 4)
        return (255, 255, 255, clamp(0.985 * math.exp(-0.51 * r ** 3.2)))
    return pixel


def standin_bokeh(size=64):
    """A stand-in for Xcode's bokeh.png: a light grey disc, nearly opaque, with a soft rim."""
    c = (size - 1) / 2
    def pixel(x, y):
        d = math.hypot(x - c, y - c)
        a = max(0.0, min(1.0, (size / 2 - 1 - d) / 1.5))
        return (222, 222, 222, clamp(a))
    return pixel


def standin_square(size=8):
    """SpriteKit's untextured particle: a white square."""
    return lambda x, y: (255, 255, 255, 255)


if __name__ == "__main__":
    os.makedirs(ASSETS, exist_ok=True)
    write_png(os.path.join(ASSETS, "fire.png"), 64, 64, fire(64))
    write_png(os.path.join(ASSETS, "neon.png"), 128, 128, glow(128))
    write_png(os.path.join(ASSETS, "starfield.png"), 800, 600, starfield())
    write_png(os.path.join(ASSETS, "sun.png"), 128, 128, sun(128))
    write_png(os.path.join(ASSETS, "earth.png"), 32, 32, earth(32))
    write_png(os.path.join(ASSETS, "spark.png"), 16, 16, spark(16))
    write_png(os.path.join(ASSETS, "snowflake.png"), 32, 32, snowflake(32))
    write_png(os.path.join(ASSETS, "smoke.png"), 64, 64, smoke(64))
    write_png(os.path.join(ASSETS, "confetti.png"), 16, 8, confetti(16, 8))
    write_png(os.path.join(ASSETS, "star.png"), 32, 32, star(32))
    write_png(os.path.join(ASSETS, "raindrop.png"), 12, 44, raindrop(12, 44))
    write_png(os.path.join(ASSETS, "heart.png"), 32, 32, heart(32))
    write_png(os.path.join(ASSETS, "standin-spark.png"), 64, 64, standin_spark(64))
    write_png(os.path.join(ASSETS, "standin-bokeh.png"), 64, 64, standin_bokeh(64))
    write_png(os.path.join(ASSETS, "standin-square.png"), 8, 8, standin_square(8))
    print("wrote", ", ".join(sorted(f for f in os.listdir(ASSETS) if f.endswith(".png"))))
