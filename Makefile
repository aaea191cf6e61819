# Conveniences over SwiftPM and scripts/ (the scripts are what CI runs).
PREFIX ?= /usr/local

.PHONY: build test install
build:
	swift build
test:
	swift test
install:
	scripts/install.sh --prefix "$(PREFIX)"
