#!/usr/bin/env python3
"""Runs Sparks's coverage-guided fuzzers (FuzzTesting/, built by `make fuzz`) and reports, per
fuzzer: executions, executions per second, coverage, the slowest input, peak memory and
findings.

    tools/fuzz.py --seconds 1800 --jobs 2            a campaign: every fuzzer for 30 minutes
    tools/fuzz.py --seconds 20 FuzzSwiftImport       one fuzzer, briefly

Each fuzzer starts from its seeds (presets/, FuzzTesting/Seeds/, the importer's corpus, assets/)
and from every input it ever kept (FuzzTesting/.corpus/NAME/, not committed) and every find
(FuzzTesting/FailCases/NAME/, committed and replayed by the tests). A crash, a time-out (one
input over --timeout seconds) or an input needing more than --rss-limit MB is a finding: libFuzzer
writes it to FailCases/NAME/ and the run fails. Exits 1 when any fuzzer found something.
"""

import argparse
import concurrent.futures
import glob
import os
import re
import shutil
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FUZZ = os.path.join(ROOT, "FuzzTesting")

# Each fuzzer: its seeds (globs under the repository) and its dictionary.
FUZZERS = {
    "FuzzPreset": (["presets/*.json", "FuzzTesting/Seeds/*.json"], "preset.dict"),
    "FuzzJSON": (["presets/*.json", "FuzzTesting/Seeds/*.json"], "preset.dict"),
    "FuzzPNG": (["assets/*.png", "Tests/RealConfigurations/*.png"], None),
    "FuzzSwiftImport": (["Tests/SparksIOSTests/Corpus/*.swift", "Tests/SparksIOSTests/RealCode/**/*.swift"], "swift.dict"),
    "FuzzObjCImport": (["Tests/SparksIOSTests/Corpus/*.m", "Tests/SparksIOSTests/RealCode/**/*.m",
                        "Tests/SparksIOSTests/RealCode/**/*.h"], "objc.dict"),
    "FuzzCAPI": ([], None),
    "FuzzEffectFile": (["Tests/EffectFiles/*.sks", "Tests/EffectFiles/*.plist", "Tests/EffectFiles/*.pex", "FuzzTesting/Seeds/*.caml"], None),
}


def run(name, seconds, timeout, rss_limit, build, most_seeds):
    seeds, dictionary = FUZZERS[name]
    corpus = os.path.join(FUZZ, ".corpus", name)
    finds = os.path.join(FUZZ, "FailCases", name)
    os.makedirs(corpus, exist_ok=True)
    os.makedirs(finds, exist_ok=True)
    paths = sorted(path for pattern in seeds for path in glob.glob(os.path.join(ROOT, pattern), recursive=True))
    for path in paths[:most_seeds]:
        shutil.copy(path, os.path.join(corpus, "seed-" + os.path.basename(path)))
    for path in glob.glob(os.path.join(finds, "*")):
        shutil.copy(path, corpus)
    command = [os.path.join(FUZZ, ".build", build, name), corpus, f"-max_total_time={seconds}", f"-timeout={timeout}",
               f"-rss_limit_mb={rss_limit}", "-malloc_limit_mb=%d" % rss_limit, "-print_final_stats=1",
               "-report_slow_units=5", "-artifact_prefix=" + finds + "/"]
    if dictionary:
        command.append("-dict=" + os.path.join(FUZZ, dictionary))
    environment = dict(os.environ, SPARKS_FUZZ_ASSETS=os.path.join(ROOT, "assets"),
                       # A small quarantine: freed memory AddressSanitizer holds back is not the program's.
                       ASAN_OPTIONS="detect_leaks=0:allocator_may_return_null=1:quarantine_size_mb=32")
    started = time.time()
    log_path = os.path.join(FUZZ, ".corpus", name + ".log")
    with open(log_path, "w") as log:
        status = subprocess.call(command, stdout=log, stderr=subprocess.STDOUT, env=environment)
    text = open(log_path, errors="replace").read()
    # Inputs over 5 s are kept for a look, apart from the finds (they fail nothing below the time-out).
    slow_folder = os.path.join(FUZZ, ".corpus", name + "-slow")
    for path in glob.glob(os.path.join(finds, "slow-unit-*")):
        os.makedirs(slow_folder, exist_ok=True)
        shutil.move(path, os.path.join(slow_folder, os.path.basename(path)))
    stats = dict(re.findall(r"stat::(\w+):\s+(\d+)", text))
    coverage = re.findall(r"cov: (\d+) ft: (\d+)", text)
    slowest = [float(s) for s in re.findall(r"Slowest unit: (\d+) s", text)]
    found = [line for line in text.splitlines() if "Test unit written to" in line and "slow-unit-" not in line]
    return {
        "name": name, "status": status, "seconds": round(time.time() - started),
        "executions": int(stats.get("number_of_executed_units", 0)), "per_second": int(stats.get("average_exec_per_sec", 0)),
        "coverage": coverage[-1] if coverage else ("0", "0"), "corpus": len(os.listdir(corpus)),
        "slowest": max(slowest + [int(stats.get("slowest_unit_time_sec", 0))]),
        "peak_mb": int(stats.get("peak_rss_mb", 0)), "found": found, "log": log_path,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("fuzzers", nargs="*", help="fuzzers to run (default: all): " + ", ".join(FUZZERS))
    parser.add_argument("--seconds", type=int, default=60, help="seconds per fuzzer (default 60)")
    parser.add_argument("--jobs", type=int, default=1, help="fuzzers run at once (default 1)")
    parser.add_argument("--timeout", type=int, default=10, help="seconds one input may take (default 10)")
    parser.add_argument("--rss-limit", type=int, default=1024, help="MB of memory a fuzzer may hold (default 1024)")
    parser.add_argument("--build", default="release", help="the FuzzTesting build folder to run (default release)")
    parser.add_argument("--seeds", type=int, default=100_000, help="most seed files per fuzzer (default all)")
    arguments = parser.parse_args()
    names = arguments.fuzzers or list(FUZZERS)
    for name in names:
        if name not in FUZZERS:
            sys.exit(f"fuzz.py: no fuzzer {name}; the fuzzers are {', '.join(FUZZERS)}")
    print(f"fuzzing {', '.join(names)}: {arguments.seconds} s each, {arguments.jobs} at once; "
          f"an input over {arguments.timeout} s or {arguments.rss_limit} MB is a finding", flush=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=arguments.jobs) as pool:
        results = list(pool.map(
            lambda n: run(n, arguments.seconds, arguments.timeout, arguments.rss_limit, arguments.build, arguments.seeds), names))
    print()
    print("| fuzzer | seconds | executions | per second | coverage (edges, features) | corpus | slowest input | peak memory | findings |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---|")
    failed = False
    for r in results:
        findings = "none" if r["status"] == 0 and not r["found"] else f"**{len(r['found']) or 1}** (see {os.path.relpath(r['log'], ROOT)})"
        failed = failed or findings != "none"
        slowest = "under 1" if r["slowest"] == 0 else r["slowest"]
        print(f"| {r['name']} | {r['seconds']} | {r['executions']:,} | {r['per_second']:,} | {r['coverage'][0]}, {r['coverage'][1]} "
              f"| {r['corpus']} | {slowest} s | {r['peak_mb']} MB | {findings} |")
    for r in results:
        for line in r["found"]:
            print(f"{r['name']}: {line}")
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
