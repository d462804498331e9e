# glayers — the two commands of the Quick start, and a few more.
#   make run       install what is missing, build, run the kiosk sample in a window
#   make test      install what is missing (Xvfb too), build, run the whole test suite
#   make install   put `glayers` on PATH ($(PREFIX)/bin), with bash, zsh and fish completions and manual pages
#   make sanitize  the suite under AddressSanitizer and ThreadSanitizer, the soak under AddressSanitizer (docs/reliability.md)
#   make test-drivers   the renderer's goldens and the scene goldens on softpipe and on zink (over lavapipe)
#   make docs      the DocC documentation (QuartzCore, GLayers, GLayersHost, GLayersScene) in .build/docs
#   make record-goldens   re-record the golden PNGs and render-list texts (look at every one before committing)
#   make bench     the snowfall benchmark with allocation counts (glayers-bench)
#   make bench-floor SNOW_C=path/to/snow.c   the snowfall and emitter benchmarks against the floor (ratios)
#   make fuzz TARGET=scene SECONDS=600   coverage-guided fuzzing with libFuzzer (docs/reliability.md; TARGET=all: each)
#   make soak MINUTES=60  the kiosk and the snowfall in windows for an hour (memory, slow frames)

SWIFT ?= swift
PREFIX ?= /usr/local
SCENE ?= samples/kiosk.json

.PHONY: run test test-drivers sanitize build release install manual docs deps test-deps bench bench-floor record-goldens fuzz format soak clean

run: deps release
	.build/release/glayers $(SCENE)

# The suites that open windows (run a second time with the EGL present path).
WINDOW_TESTS = KioskWindowTests|WindowLifecycleTests|WindowFaultTests|DamageVerificationTests|ShmPresentTests

test: test-deps
	@echo "checking the code's format (.swift-format; 'make format' fixes it)"
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift
	$(SWIFT) build --build-tests
	@echo "the documentation, warnings as errors (a broken link fails the build)"
	scripts/docs.sh
	@echo "the release glayers-bench, whose allocation counts AllocationContractTests checks (a debug build allocates more)"
	$(SWIFT) build -c release --product glayers-bench
	@echo "running the suite under Xvfb (xvfb-run), so window tests have a display of their own"
	GLAYERS_REQUIRE_RELEASE_BENCH=1 xvfb-run -a -s "-screen 0 1280x1024x24" $(SWIFT) test --skip-build
	@echo "the renderer's goldens on a second OpenGL implementation, Mesa's softpipe (make test-drivers runs zink too)"
	GALLIUM_DRIVER=softpipe $(SWIFT) test --skip-build --filter GLayersGLTests
	@echo "the window tests again presenting with EGL's buffer swap, the path a GPU driver takes (software drivers present with MIT-SHM)"
	GLAYERS_PRESENT=egl xvfb-run -a -s "-screen 0 1280x1024x24" $(SWIFT) test --skip-build --filter '$(WINDOW_TESTS)'
	@echo "a two-minute soak: the kiosk and the snowfall in windows with keys pressed (scripts/soak.sh)"
	SOAK_LOG=.build/soak.log scripts/soak.sh 2 .build/debug/glayers

# The goldens on the other OpenGL implementations Debian ships (docs/renderer.md, "Other OpenGL
# implementations"): softpipe, and zink over the lavapipe Vulkan driver, which zink takes only
# when software rendering is asked for (LIBGL_ALWAYS_SOFTWARE=1).
test-drivers: test-deps
	@scripts/install-deps.sh drivers
	$(SWIFT) build --build-tests
	$(SWIFT) build --product glayers
	GALLIUM_DRIVER=softpipe $(SWIFT) test --skip-build --filter 'GLayersGLTests|DamageVerificationTests'
	GALLIUM_DRIVER=softpipe .build/debug/glayers check Tests/Goldens/Scenes
	mkdir -p -m 700 .build/xdg-runtime
	XDG_RUNTIME_DIR=$(CURDIR)/.build/xdg-runtime LIBGL_ALWAYS_SOFTWARE=1 MESA_LOADER_DRIVER_OVERRIDE=zink \
		$(SWIFT) test --skip-build --filter 'GLayersGLTests|DamageVerificationTests'
	XDG_RUNTIME_DIR=$(CURDIR)/.build/xdg-runtime LIBGL_ALWAYS_SOFTWARE=1 MESA_LOADER_DRIVER_OVERRIDE=zink \
		.build/debug/glayers check Tests/Goldens/Scenes

# The suite under the sanitizers, each in a build folder of its own (docs/reliability.md,
# "Sanitizers"): reports go to .build/sanitize/{asan,tsan}.PID; none should appear. In a
# sanitizer build the sanitizer owns malloc, so ShippedBinaryTests.glayersDefinesNoAllocator
# fails by construction and is skipped here.
SANITIZE_SKIP = --skip glayersDefinesNoAllocator
sanitize: test-deps
	mkdir -p .build/sanitize
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS="log_path=$(CURDIR)/.build/sanitize/asan detect_leaks=0" xvfb-run -a -s "-screen 0 1280x1024x24" \
		$(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan $(SANITIZE_SKIP)
	@echo "the soak under AddressSanitizer: its reports count, not its memory (the sanitizer's quarantine grows)"
	-ASAN_OPTIONS="log_path=$(CURDIR)/.build/sanitize/asan-soak detect_leaks=0" SOAK_LOG=.build/sanitize/soak.log \
		scripts/soak.sh 2 .build-asan/debug/glayers
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS="log_path=$(CURDIR)/.build/sanitize/tsan detect_deadlocks=0" xvfb-run -a -s "-screen 0 1280x1024x24" \
		$(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan $(SANITIZE_SKIP)
	@if ls .build/sanitize/asan* .build/sanitize/tsan* >/dev/null 2>&1; then \
		echo "sanitizer reports in .build/sanitize:"; ls .build/sanitize; exit 1; \
	else echo "no sanitizer reports"; fi

deps:
	@scripts/install-deps.sh run

test-deps:
	@scripts/install-deps.sh test

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product glayers

install: deps release manual
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/glayers $(DESTDIR)$(PREFIX)/bin/glayers
	@echo "installed $(DESTDIR)$(PREFIX)/bin/glayers"
	scripts/install-extras.sh .build/release/glayers "$(DESTDIR)$(PREFIX)"

# The DocC documentation: articles, a tutorial and the API of the modules users meet.
docs:
	scripts/docs.sh

# The manual pages (glayers.1, glayers.shot.1, ...), made by swift-argument-parser's
# generate-manual tool from the command's own help, into .build/manual; dated by the last commit.
manual: release
	$(SWIFT) build --product generate-manual
	mkdir -p .build/manual
	.build/debug/generate-manual .build/release/glayers --multi-page --output-directory .build/manual \
		--date "$$(git log -1 --format=%cs 2>/dev/null || date +%F)" --authors "the glayers authors"
	@echo "made the manual pages in .build/manual (man -l .build/manual/glayers.1)"

# glayers-bench: `glayers bench` with allocation counts (only it links the counting allocator).
bench: deps
	$(SWIFT) build -c release --product glayers-bench
	.build/release/glayers-bench --snow 1000 --frames 120
	.build/release/glayers-bench --emitter 10000 --frames 120

# Golden images are never recorded by a test run; this is the only way (see Tests/Goldens/README.md).
record-goldens: test-deps
	$(SWIFT) build --build-tests
	GLAYERS_RECORD_GOLDENS=1 $(SWIFT) test --skip-build --filter 'GLayersGLTests|RenderListGoldenTests|ShadowPathGoldenTests|DrawnContentsGoldenTests|CornerAndTextGoldenTests|PortingClassicsTests'
	.build/debug/glayers check Tests/Goldens/Scenes --record
	@git status --short Tests/Goldens

bench-floor: deps
	scripts/bench-floor.sh 100 300 5
	scripts/bench-floor.sh 1000 300 5
	scripts/bench-floor.sh 10000 60 5
	BENCH=emitter scripts/bench-floor.sh 1000 300 5
	BENCH=emitter scripts/bench-floor.sh 10000 60 5

# Fuzzing: one target (scene, image, strings, api, lottie) with libFuzzer and AddressSanitizer,
# in its own build folder; TARGET=all runs each in turn, SECONDS each. New corpus entries and
# crashing inputs go to .fuzz/ (ignored by git); the seeds in Tests/Fuzz/Corpus/TARGET are only
# read. Keep a crash as Tests/Fuzz/Crashes/TARGET/NAME.
TARGET ?= scene
SECONDS ?= 600
FUZZ_FLAGS ?=
FUZZ_TARGETS = scene image strings api lottie
# The scene, api and lottie targets check that their layers are released after each input
# instead of LeakSanitizer's whole-heap scans, which pango's font caches set off after many inputs.
FUZZ_LEAKS_scene = -detect_leaks=0
FUZZ_LEAKS_api = -detect_leaks=0
FUZZ_LEAKS_lottie = -detect_leaks=0
ifeq ($(TARGET),all)
fuzz:
	@for target in $(FUZZ_TARGETS); do $(MAKE) --no-print-directory fuzz TARGET=$$target || exit 1; done
else
fuzz: deps
	$(SWIFT) build -c release -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING \
		--product fuzz-$(TARGET) --scratch-path .build-fuzz
	mkdir -p .fuzz/corpus/$(TARGET) .fuzz/artifacts/$(TARGET)
	SWIFT_BACKTRACE=enable=no LSAN_OPTIONS=suppressions=Tests/Fuzz/lsan.supp .build-fuzz/release/fuzz-$(TARGET) .fuzz/corpus/$(TARGET) Tests/Fuzz/Corpus/$(TARGET) \
		-max_total_time=$(SECONDS) -rss_limit_mb=2048 -timeout=10 -artifact_prefix=.fuzz/artifacts/$(TARGET)/ \
		$(if $(wildcard Tests/Fuzz/$(TARGET).dict),-dict=Tests/Fuzz/$(TARGET).dict) $(FUZZ_LEAKS_$(TARGET)) $(FUZZ_FLAGS)
endif

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

soak: test-deps release
	scripts/soak.sh $(or $(MINUTES),60) .build/release/glayers

clean:
	rm -rf .build .build-fuzz .fuzz
