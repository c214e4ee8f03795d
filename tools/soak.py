#!/usr/bin/env python3
"""Soak test: every gallery preset open in a window at once, each preset saved every second
with a changed value, resident memory of every window reported each minute.

    make soak MINUTES=60          (runs under Xvfb when there is no DISPLAY)
    tools/soak.py --minutes 5 --sparks .build/release/sparks

The presets and assets are copied to a temporary folder first, so the repository's files are
never written. Each save alternates a layer's position and an emitter cell's birth rate (or a
replicator's instance delay) between two values, so every save reloads the preset and keeps
its particles, as a designer's edits do. The report ends with each window's growth from the
end of the warm-up to the end; the run fails when a window quits or a save is not picked up.
Only the standard library is used.
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def gallery_presets():
    names = []
    with open(os.path.join(ROOT, "docs", "gallery-manifest.txt")) as manifest:
        for line in manifest:
            line = line.strip()
            if line and not line.startswith("#"):
                names.append(line.split()[0])
    return names


def resident_mib(pid):
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        return None
    return None


def change(preset, flip):
    """Changes one value in place, between two settings chosen by flip."""
    layer = preset["layers"][0]
    position = layer.get("position")
    if isinstance(position, list) and len(position) == 2:
        layer["position"] = [position[0] + (3 if flip else -3), position[1]]
    cells = layer.get("emitterCells") or []
    if cells and isinstance(cells[0].get("birthRate"), (int, float)):
        cells[0]["birthRate"] = cells[0]["birthRate"] * (1.05 if flip else 1 / 1.05)
    elif isinstance(layer.get("instanceDelay"), (int, float)):
        layer["instanceDelay"] = layer["instanceDelay"] * (1.05 if flip else 1 / 1.05)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--minutes", type=float, default=60, help="how long to run (default 60)")
    parser.add_argument("--warm-up", type=float, default=2, help="minutes before growth is measured (default 2)")
    parser.add_argument("--sparks", default=os.path.join(ROOT, ".build", "release", "sparks"))
    options = parser.parse_args()
    if options.minutes <= 0 or options.warm_up < 0 or options.warm_up >= options.minutes:
        parser.error("--minutes must be positive and longer than --warm-up")
    if not os.environ.get("DISPLAY"):
        sys.exit("soak: no DISPLAY (make soak starts Xvfb)")

    names = gallery_presets()
    folder = tempfile.mkdtemp(prefix="sparks-soak-")
    shutil.copytree(os.path.join(ROOT, "presets"), os.path.join(folder, "presets"))
    shutil.copytree(os.path.join(ROOT, "assets"), os.path.join(folder, "assets"))
    windows = {}
    for name in names:
        path = os.path.join(folder, "presets", name + ".json")
        log = open(os.path.join(folder, name + ".log"), "w")
        process = subprocess.Popen([options.sparks, "run", path, "--threads", "1"],
                                   stdout=log, stderr=subprocess.STDOUT, cwd=folder,
                                   preexec_fn=lambda: os.nice(5))  # the saves keep their pace
        with open(path) as file:
            windows[name] = {"path": path, "process": process, "preset": json.load(file), "rss": []}
    print(f"soak: {len(names)} windows for {options.minutes:g} min, a save per preset per second "
          f"(copies in {folder})", flush=True)
    print("minute " + " ".join(f"{name[:9]:>9}" for name in names) + "   (resident MiB)", flush=True)

    start = time.monotonic()
    saves = 0
    next_minute = 1
    failed = False
    try:
        while time.monotonic() - start < options.minutes * 60:
            for window in windows.values():
                change(window["preset"], saves % 2 == 0)
                with open(window["path"], "w") as file:
                    json.dump(window["preset"], file, indent=2)
            saves += 1
            time.sleep(1)
            dead = [name for name, window in windows.items() if window["process"].poll() is not None]
            if dead:
                print(f"soak: windows quit: {', '.join(dead)} (logs in {folder})", flush=True)
                failed = True
                break
            if time.monotonic() - start >= next_minute * 60:
                row = []
                for window in windows.values():
                    rss = resident_mib(window["process"].pid)
                    window["rss"].append(rss)
                    row.append(f"{rss:9.1f}")
                print(f"{next_minute:6d} " + " ".join(row), flush=True)
                next_minute += 1
    finally:
        for window in windows.values():
            if window["process"].poll() is None:
                window["process"].terminate()
        for window in windows.values():
            try:
                window["process"].wait(timeout=10)
            except subprocess.TimeoutExpired:
                window["process"].kill()

    warm = int(options.warm_up)
    print(f"soak: {saves} saves per preset; growth from minute {max(warm, 1)} to the end:")
    for name, window in windows.items():
        rss = [value for value in window["rss"] if value is not None]
        if len(rss) > warm:
            base = rss[max(warm, 1) - 1]
            print(f"  {name:14} {base:8.1f} -> {rss[-1]:8.1f} MiB ({rss[-1] - base:+.1f})")
        with open(os.path.join(folder, name + ".log")) as log:
            reloads = log.read().count("reloaded ")
        if reloads == 0 and saves > 5:
            print(f"  {name}: no reload reported in its log", flush=True)
    if failed:
        sys.exit(1)
    shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    main()
