# Sparks — the two commands a new machine needs:
#   make run            install what is missing, build (release) and open the fire preset
#   make run PRESET=neon
#   make test           install what is missing, build and run the whole test suite
#   make                build the sparks command, its iOS importer, Sparks Studio and the C library (libsparks)
#   make install PREFIX=DIR   install sparks (bin/), its presets and assets (share/sparks/), and
#                             libsparks, include/sparks.h and sparks.pc under DIR
# Other targets: make build, make render, make validate, make gallery, make fuzz, make bench,
# make benchmarks, make fuzz-random, make fuzz-raster, make sanitize, make soak, make clean,
# make format (rewrite the Swift sources as .swift-format says), make lint (fail on a difference).

PRESET ?= fire
SWIFT ?= swift
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

# Debian packages: SDL2 with SDL2_image and SDL2_ttf (headers + pkg-config files), zlib (the
# images Particle Designer files embed are gzipped), the HUD font,
# the fonts text layers are drawn with (Liberation for Helvetica, Times and Courier; Noto Color
# Emoji), and Xvfb so tests (and headless machines) have a display.
RUN_PACKAGES := libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev zlib1g-dev fonts-dejavu-core fonts-liberation2 fonts-noto-color-emoji xvfb xauth pkg-config
# The real-window tests also capture the X screen (xwd) and press keys (xdotool); the schema
# test checks presets with Python's jsonschema; the export tests encode GIF and MP4 with ffmpeg;
# the studio's page is tested in headless Chromium (driven through its DevTools protocol); the
# GPU path is tested on Mesa's software OpenGL (llvmpipe), in a window and headless through EGL.
TEST_PACKAGES := $(RUN_PACKAGES) x11-apps xdotool python3 python3-jsonschema ffmpeg chromium libgl1-mesa-dri libegl-mesa0

.DEFAULT_GOAL := all
.PHONY: all ios studio lib install examples docs run test build release deps test-deps render shipped build-modes validate fuzz fuzz-random fuzz-raster sanitize soak gallery bench benchmarks clean check-swift format lint conformance api-symbols

# Release builds target this machine's vector width: Swift compiles for baseline x86-64 (SSE2,
# no FMA) unless told otherwise, and the rasterizer's 8-lane kernels run about twice as fast
# with AVX2. The picture is the same either way (no fused arithmetic). A plain
# `swift build -c release` gives a portable build; on ARM64 no flag is added. CPUs with
# AVX-512 get the same AVX2 target: the kernels use 8 lanes, and `skylake-avx512` drew 100k
# sprites a fifth slower on an AMD EPYC with AVX-512 (its tuning is Intel's).
HOST_CPU := $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo 2>/dev/null && echo haswell)
NATIVE_FLAGS := $(if $(HOST_CPU),-Xswiftc -target-cpu -Xswiftc $(HOST_CPU))
RELEASE := -c release $(NATIVE_FLAGS)

# A longer seeded random fuzz run of the preset reader and scene than the suite's 10,000 cases:
#   make fuzz-random FUZZ_ITERATIONS=1000000 FUZZ_SEED=7
FUZZ_ITERATIONS ?= 200000
FUZZ_SEED ?= 1

# Another apt (unattended upgrades on a desktop) may hold the package lock: wait for it, up to
# ten minutes, instead of failing.
APT_WAIT := -o DPkg::Lock::Timeout=600 -o Acquire::Lock::Timeout=600

define install_missing
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing Debian packages:$$missing"; \
	  $(SUDO) apt-get $(APT_WAIT) update -qq && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get $(APT_WAIT) install -y -qq --no-install-recommends $$missing; \
	fi
endef

check-swift:
	@command -v $(SWIFT) >/dev/null || { echo "Sparks needs the Swift 6 toolchain (swift.org/install) on PATH."; exit 1; }

deps: check-swift
	$(call install_missing,$(RUN_PACKAGES))

test-deps: check-swift
	$(call install_missing,$(TEST_PACKAGES))

# The sparks command alone: no swift-syntax, so the window opens after a short build.
release: deps
	$(SWIFT) build $(RELEASE) --product sparks

# sparks import (swift-syntax, minutes to compile): run by `sparks import …`.
ios: deps
	$(SWIFT) build $(RELEASE) --product sparks-ios

# Sparks Studio (Hummingbird and SwiftNIO, minutes to compile): run by `sparks studio …`.
studio: deps
	$(SWIFT) build $(RELEASE) --product sparks-studio

run: release
	./.build/release/sparks run $(PRESET)

all: release ios studio lib

# The C API: a shared library, its header and a pkg-config file.
PREFIX ?= /usr/local
VERSION := $(shell sed -n 's/.*static let text = "\(.*\)".*/\1/p' Sources/SparksCore/Preset/SparksVersion.swift)

lib: deps
	$(SWIFT) build $(RELEASE) --product SparksC

# The library's name for the dynamic linker: before 1.0 a minor version may break the ABI, so the
# name carries MAJOR.MINOR (libsparks.so.0.10). The Swift runtime it needs comes from the
# toolchain and is installed beside it, in lib/sparks/, where its RUNPATH ($ORIGIN/sparks) finds
# it: no path into the toolchain, and a game ships lib/libsparks.so.* with lib/sparks/ as they are.
SONAME := libsparks.so.$(word 1,$(subst ., ,$(VERSION))).$(word 2,$(subst ., ,$(VERSION)))

# make install PREFIX=DIR: the sparks command (and sparks-ios, its import, and
# sparks-studio, when `make` built them) in DIR/bin, the shipped presets, assets and the
# studio's page in DIR/share/sparks (where the
# installed sparks finds them from any folder), and the C library: libsparks, include/sparks.h
# and sparks.pc. The Swift runtime they need comes from the toolchain: the library's (no ICU) in
# DIR/lib/sparks, where its RUNPATH ($$ORIGIN/sparks) finds it, so a game ships lib/libsparks.so.*
# with lib/sparks/ as they are; the programs' (Foundation whole) in DIR/lib/sparks-command
# ($$ORIGIN/../lib/sparks-command). Nothing points into the toolchain.
install: lib release
	$(call install_missing,patchelf)
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/sparks \
	  $(DESTDIR)$(PREFIX)/lib/sparks-command $(DESTDIR)$(PREFIX)/include \
	  $(DESTDIR)$(PREFIX)/share/sparks/presets $(DESTDIR)$(PREFIX)/share/sparks/assets $(DESTDIR)$(PREFIX)/share/sparks/studio
	install -m 755 .build/release/libSparksC.so $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	patchelf --set-soname $(SONAME) $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	patchelf --set-rpath '$$ORIGIN/sparks' $(DESTDIR)$(PREFIX)/lib/$(SONAME)
	ln -sf $(SONAME) $(DESTDIR)$(PREFIX)/lib/libsparks.so
	@for runtime in $$(ldd .build/release/libSparksC.so | awk '$$3 ~ /\/lib\/swift\// {print $$3}'); do \
	  install -m 644 $$runtime $(DESTDIR)$(PREFIX)/lib/sparks/; \
	done
	@programs="sparks"; for companion in sparks-ios sparks-studio; do \
	  [ -x .build/release/$$companion ] && programs="$$programs $$companion"; \
	done; \
	for program in $$programs; do \
	  install -m 755 .build/release/$$program $(DESTDIR)$(PREFIX)/bin/$$program; \
	  patchelf --set-rpath '$$ORIGIN/../lib/sparks-command' $(DESTDIR)$(PREFIX)/bin/$$program; \
	  for runtime in $$(ldd .build/release/$$program | awk '$$3 ~ /\/lib\/swift\// {print $$3}'); do \
	    install -m 644 $$runtime $(DESTDIR)$(PREFIX)/lib/sparks-command/; \
	  done; \
	done
	install -m 644 presets/*.json $(DESTDIR)$(PREFIX)/share/sparks/presets/
	install -m 644 assets/* $(DESTDIR)$(PREFIX)/share/sparks/assets/
	install -m 644 studio/* $(DESTDIR)$(PREFIX)/share/sparks/studio/
	install -m 644 include/sparks.h $(DESTDIR)$(PREFIX)/include/sparks.h
	sed -e 's|@PREFIX@|$(PREFIX)|' -e 's|@VERSION@|$(VERSION)|' sparks.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/sparks.pc
	@echo "Installed sparks $(VERSION) in $(PREFIX)/bin (presets and assets in $(PREFIX)/share/sparks) and libsparks ($(SONAME)) in $(PREFIX)/lib, with the Swift runtime the library needs in $(PREFIX)/lib/sparks ($$(du -sh $(DESTDIR)$(PREFIX)/lib/sparks | cut -f1)) and the programs' in $(PREFIX)/lib/sparks-command: pkg-config --cflags --libs sparks (PKG_CONFIG_PATH=$(PREFIX)/lib/pkgconfig)"

# The two example games (Examples/), built as their READMEs say: the Swift one against the
# package, the C one against libsparks installed under .build/prefix. The tests run both.
EXAMPLE_PREFIX := $(CURDIR)/.build/prefix

examples: deps
	$(MAKE) install PREFIX=$(EXAMPLE_PREFIX)
	PKG_CONFIG_PATH=$(EXAMPLE_PREFIX)/lib/pkgconfig $(MAKE) -C Examples/c-sdl-game
	$(SWIFT) build --package-path Examples/swift-sdl-game

# What `import SparksKit` brings a game: its public symbols, counted (docs/embedding.md).
api-symbols: lib
	tools/api-symbols.sh SparksKit

# API documentation (DocC) of the game-facing library, as HTML in .build/docs.
docs: deps
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target SparksKit \
	  --disable-indexing --transform-for-static-hosting --output-path .build/docs

build: deps
	$(SWIFT) build

# Every Swift file of the project, formatted by the toolchain's swift-format with the checked-in
# .swift-format (4 spaces, lines up to 140 characters). The iOS snippets the importer's tests
# read (Tests/SparksIOSTests/Corpus, RealCode) and the public code beside captures
# (Tests/Conformance, Tests/RuleProbes) are inputs, kept as their authors wrote them.
SWIFT_SOURCES = $(shell find Package.swift Sources Tests Examples Benchmarks FuzzTesting -name '.build*' -prune -o -name '.corpus' -prune -o \
	-path Tests/SparksIOSTests/Corpus -prune -o -path Tests/SparksIOSTests/RealCode -prune -o \
	-path Tests/Conformance -prune -o -path Tests/RuleProbes -prune -o -name '*.swift' -print)

format: check-swift
	@$(SWIFT) format --in-place --parallel $(SWIFT_SOURCES)

lint: check-swift
	@$(SWIFT) format lint --strict --parallel $(SWIFT_SOURCES) || \
	  { echo "Swift sources differ from .swift-format's layout: run 'make format'"; exit 1; }

# The suite runs optimised code, as shipped: the rasterizer's SIMD kernels are many times
# slower unoptimised, and the allocation check counts mallocs of optimised code (debug builds
# allocate for generics). The variable makes a missing allocation counter a failure, not a skip.
# The studio's suites run after the rest: their servers run in the test process, on Swift's
# shared threads, which the other suites' tests (waiting on the programs they run) keep busy
# for seconds at a time on two cores. StudioTimingTests measures how long the studio takes
# under attack: it runs last, alone, so that its clocks mean something.
TESTS_BEFORE_STUDIO := --skip SparksStudioTests
STUDIO_TESTS := --filter SparksStudioTests --skip StudioTimingTests
STUDIO_TIMING_TESTS := --filter StudioTimingTests

test: test-deps
	$(SWIFT) build $(RELEASE) --build-tests
	$(MAKE) examples
	@export SPARKS_REQUIRE_ALLOCATION_COUNTER=1 SPARKS_REQUIRE_EXAMPLES=1; \
	if [ -n "$$DISPLAY" ]; then run=""; else echo "No DISPLAY: running the tests under Xvfb"; run='xvfb-run -a -s "-screen 0 1024x768x24"'; fi; \
	eval $$run $(SWIFT) test -c release --skip-build $(TESTS_BEFORE_STUDIO) && \
	eval $$run $(SWIFT) test -c release --skip-build $(STUDIO_TESTS) && \
	eval $$run $(SWIFT) test -c release --skip-build $(STUDIO_TIMING_TESTS)

# The conformance suite (public effects against their own iOS captures, Tests/Conformance/):
# a table case × statistic × iOS × Sparks, and side-by-side pictures in .build/conformance/.
conformance: test-deps
	$(SWIFT) build $(RELEASE) --build-tests
	rm -f .build/conformance/*.md
	$(SWIFT) test -c release --skip-build --filter 'ConformanceTests|RuleProbeTests' >/dev/null 2>&1 || status=$$?; \
	echo "| case | statistic | iOS | Sparks | tolerance | |"; echo "|---|---|---|---|---|---|"; \
	cat .build/conformance/*.md; \
	echo; echo "Side by side (the capture above, Sparks below): .build/conformance/CASE.png"; \
	exit $${status:-0}

# The benchmark workload, built as `make run` builds:
#   make bench                                   the benchmark workload at 100,000 particles
#   make bench BENCH="fire --birth-rate-scale 100"
#   make bench BENCH="bench-anchor --live 1000000 --threads 2"
BENCH ?= bench-anchor --live 100000

bench: release
	./.build/release/sparks bench $(BENCH)

# What each way of building Sparks costs (make's, a plain release build, debug with its C
# kernels optimised, debug), side by side in one run: make build-modes ROUNDS=3
ROUNDS ?= 2

build-modes: deps
	tools/build-modes.sh $(ROUNDS)

# The benchmark package (ordo-one/benchmark): step, render-list build and preset decode, with
# malloc counts. Not part of the tests.
benchmarks: deps
	cd Benchmarks && $(SWIFT) package $(NATIVE_FLAGS) benchmark

render: release
	./.build/release/sparks render $(PRESET) --at 3 --out docs/$(PRESET).png

# The shipped presets and images built into SparksKit (Effect(shippedPreset:)), from presets/
# and assets/; a test fails when they differ.
shipped:
	python3 tools/embed_shipped.py

validate: release
	./.build/release/sparks validate presets/*.json

# The seeded random fuzzing of the suite (FuzzTests: presets, the importer's mutated snippets),
# run longer:  make fuzz-random FUZZ_ITERATIONS=1000000 FUZZ_SEED=7
fuzz-random: test-deps
	$(SWIFT) build $(RELEASE) --build-tests
	SPARKS_FUZZ_ITERATIONS=$(FUZZ_ITERATIONS) SPARKS_FUZZ_SEED=$(FUZZ_SEED) $(SWIFT) test -c release --skip-build --filter FuzzTests

# Coverage-guided fuzzing (libFuzzer, AddressSanitizer, optimised) of everything that reads what
# strangers send: the JSON parser, the preset decoder (and the scene and drawing of what it
# accepts), PNG decoding, the Swift and Objective-C importers and random sequences of C API
# calls, SECONDS each (FUZZ_JOBS at once), seeded from presets/, assets/, the importer's corpus
# and every earlier find. An input that crashes, takes over 10 s or needs over 1 GB is written to
# FuzzTesting/FailCases/NAME/, which the tests replay. Prints executions, coverage, the slowest
# input and peak memory per fuzzer:
#   make fuzz SECONDS=1800 FUZZ_JOBS=2        (a campaign)
#   make fuzz SECONDS=20 FUZZERS=FuzzCAPI     (one fuzzer)
# FUZZ_BUILD=debug builds in minutes instead of twenty (CI's short run, with FUZZ_SEEDS and a
# FUZZ_TIMEOUT for debug code's speed).
SECONDS ?= 60
FUZZ_JOBS ?= 1
FUZZERS ?=
FUZZ_BUILD ?= release
FUZZ_SEEDS ?= 100000
FUZZ_TIMEOUT ?= 10
FUZZ_FLAGS = -c $(FUZZ_BUILD) -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library -Xswiftc -use-ld=lld

fuzz: deps
	cd FuzzTesting && $(SWIFT) build $(FUZZ_FLAGS) $(if $(FUZZERS),$(foreach f,$(FUZZERS),--product $(f)))
	python3 tools/fuzz.py --seconds $(SECONDS) --jobs $(FUZZ_JOBS) --build $(FUZZ_BUILD) --seeds $(FUZZ_SEEDS) --timeout $(FUZZ_TIMEOUT) $(FUZZERS)

# The CPU rasterizer against the reference rasterizer (Sources/SparksFuzzing), coverage-guided:
# random scenes made from the fuzzer's bytes, drawn both ways; a disagreement is written to
# FuzzTesting/FailCases/FuzzRaster/, which the tests replay. The suite runs 3,000 seeded scenes;
#   make fuzz-raster SECONDS=3600
fuzz-raster: deps
	cd FuzzTesting && $(SWIFT) build $(FUZZ_FLAGS) --product FuzzRaster
	@mkdir -p FuzzTesting/.corpus/FuzzRaster FuzzTesting/FailCases/FuzzRaster
	@cp FuzzTesting/FailCases/FuzzRaster/* FuzzTesting/.corpus/FuzzRaster/ 2>/dev/null || true
	./FuzzTesting/.build/$(FUZZ_BUILD)/FuzzRaster FuzzTesting/.corpus/FuzzRaster -max_total_time=$(SECONDS) -max_len=4096 \
	  -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 -artifact_prefix=FuzzTesting/FailCases/FuzzRaster/

# The whole test suite under AddressSanitizer (with LeakSanitizer), then under ThreadSanitizer
# (the worker pool, the file watcher, the window's threads), each in a build folder of its own.
# Leaks and races in libraries Sparks does not own are listed in tools/sanitizers/lsan.supp and
# tools/sanitizers/tsan.supp.
# SANITIZE_SKIP leaves out tests whose names match (CI leaves out the real-window suite, whose
# X server round trips time out under the sanitizers' slowdown on a shared machine); the timing
# suites are always left out (their clocks mean nothing at a sanitizer's speed). The studio's
# suites run after the rest, as in `make test`.
SANITIZERS ?= address thread
SANITIZE_SKIP ?=
XVFB := $(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1024x768x24")

SANITIZED_TEST = SPARKS_REQUIRE_ALLOCATION_COUNTER= SPARKS_SANITIZER=$$sanitizer \
	LSAN_OPTIONS=suppressions=$$PWD/tools/sanitizers/lsan.supp ASAN_OPTIONS=detect_leaks=1 \
	TSAN_OPTIONS="halt_on_error=1 suppressions=$$PWD/tools/sanitizers/tsan.supp" \
	$(XVFB) $(SWIFT) test -c release --skip-build --sanitize=$$sanitizer --scratch-path .build-$$sanitizer

sanitize: test-deps
	@for sanitizer in $(SANITIZERS); do \
	  echo "== the test suite under the $$sanitizer sanitizer"; \
	  $(SWIFT) build -c release --build-tests --sanitize=$$sanitizer --scratch-path .build-$$sanitizer || exit 1; \
	  $(SANITIZED_TEST) $(TESTS_BEFORE_STUDIO) $(if $(SANITIZE_SKIP),--skip $(SANITIZE_SKIP)) || exit 1; \
	  $(SANITIZED_TEST) $(STUDIO_TESTS) $(if $(SANITIZE_SKIP),--skip $(SANITIZE_SKIP)) || exit 1; \
	done

# Every gallery preset open in a window at once (under Xvfb), each saved every second with a
# changed value, resident memory reported per minute:
#   make soak MINUTES=60
MINUTES ?= 10

soak: release
	$(if $(DISPLAY),,xvfb-run -a -s "-screen 0 1920x1080x24") python3 tools/soak.py --minutes $(MINUTES)

# Thumbnails of every preset (docs/gallery-manifest.txt lists the presets and their times).
gallery: release
	@mkdir -p docs/gallery
	@grep -v '^#' docs/gallery-manifest.txt | while read -r name at; do \
	  [ -n "$$name" ] || continue; \
	  ./.build/release/sparks render "$$name" --at "$$at" --width 400 --height 300 --out "docs/gallery/$$name.png" || exit 1; \
	done

clean:
	rm -rf .build .build-address .build-thread Benchmarks/.build FuzzTesting/.build FuzzTesting/.corpus
