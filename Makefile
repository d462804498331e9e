# glayers — the two commands of the Quick start, and a few more.
#   make run       install what is missing, build, run the kiosk sample in a window
#   make test      install what is missing (Xvfb too), build, run the whole test suite
#   make install   put `glayers` on PATH ($(PREFIX)/bin)

SWIFT ?= swift
PREFIX ?= /usr/local
SCENE ?= samples/kiosk.json

.PHONY: run test build release install deps test-deps bench format clean

run: deps release
	.build/release/glayers $(SCENE)

test: test-deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

deps:
	@scripts/install-deps.sh run

test-deps:
	@scripts/install-deps.sh test

build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release --product glayers

install: deps release
	install -d $(DESTDIR)$(PREFIX)/bin
	install -m 755 .build/release/glayers $(DESTDIR)$(PREFIX)/bin/glayers
	@echo "installed $(DESTDIR)$(PREFIX)/bin/glayers"

bench: deps release
	.build/release/glayers bench --snow 1000 --frames 120

format:
	$(SWIFT) format --in-place --recursive Sources Tests Package.swift

clean:
	rm -rf .build
