# make demo  — install what is missing, build, index the sample corpus, search it
# make test  — install what is missing, run every test, then again under AddressSanitizer and LeakSanitizer
# make bench — the benchmark at 10k and 100k entities (BENCH_ARGS adds options), then its plot

SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEBIAN_PACKAGES := libxapian-dev libicu-dev libsqlite3-dev
INDEX ?= .build/demo-index
QUERY ?= check the O2 canisters before the EVA
BENCH_ARGS ?=

.PHONY: setup build demo test test-sanitized bench clean

## setup: install the Debian packages the build needs, when missing
setup:
	@missing=""; \
	for package in $(DEBIAN_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$package 2>/dev/null | grep -q "ok installed" || missing="$$missing $$package"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@test -x "$(SWIFT)" || { echo "Swift 6 is needed: put 'swift' on PATH or set SWIFT=/path/to/swift"; exit 1; }

build: setup
	$(SWIFT) build -c release

demo: build
	rm -rf $(INDEX)
	.build/release/entity-index --index $(INDEX) donate corpora/space-crew.jsonl
	.build/release/entity-index --index $(INDEX) donate corpora/station-life.jsonl
	.build/release/entity-index --index $(INDEX) stats
	.build/release/entity-index --index $(INDEX) search "$(QUERY)"
	.build/release/entity-index --index $(INDEX) search "Zoe Muller" --type messages.contact --limit 3
	.build/release/entity-index --index $(INDEX) search "水培花园"
	.build/release/entity-index --index $(INDEX) search "what's after the crew lunch" --now 2026-03-12T09:30:00Z --time-zone UTC --explain

test: setup
	$(SWIFT) test
	$(MAKE) test-sanitized

## test-sanitized: every test again, built with AddressSanitizer; LeakSanitizer reports leaks at exit
## (.ci/lsan.supp names the Swift runtime's and XCTest's own lifetime allocations)
test-sanitized: setup
	ASAN_OPTIONS=detect_leaks=1 LSAN_OPTIONS=suppressions=$(CURDIR)/.ci/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --sanitize=address --build-path .build/asan

bench: build
	mkdir -p Benchmarks/results
	.build/release/entity-index-bench --sizes 10000,100000 --json Benchmarks/results/latest.json \
	  --markdown Benchmarks/results/latest.md $(BENCH_ARGS)
	python3 -c "import matplotlib" 2>/dev/null || pip install -q matplotlib
	python3 Scripts/plot_bench.py Benchmarks/results/latest.json --out Benchmarks/results/latency.png

clean:
	rm -rf .build
