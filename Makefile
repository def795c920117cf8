# make demo  — install what is missing, build, index the sample corpus, search it
# make test  — install what is missing, run every test, then again under AddressSanitizer and LeakSanitizer
# make bench — the benchmark at 10k and 100k entities (BENCH_ARGS adds options), then its plot
# make cluster-demo — remote shards: xapian-tcpsrv on 127.0.0.1, donated to and searched, compared with a local index

SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
DEBIAN_PACKAGES := libxapian-dev libicu-dev libsqlite3-dev xapian-tools
INDEX ?= .build/demo-index
CLUSTER ?= .build/cluster-demo
QUERY ?= check the O2 canisters before the EVA
BENCH_ARGS ?=

.PHONY: setup build demo cluster-demo test test-sanitized bench clean

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
	.build/release/entity-index --index $(INDEX) search "$(QUERY)" || test $$? -eq 1  # 1: nothing matched
	.build/release/entity-index --index $(INDEX) search "Zoe Muller" --type messages.contact --limit 3
	.build/release/entity-index --index $(INDEX) search "水培花园"
	.build/release/entity-index --index $(INDEX) search "what's after the crew lunch" --now 2026-03-12T09:30:00Z --time-zone UTC --explain

## cluster-demo: an index of a local shard and two served by xapian-tcpsrv (each in a session of its own,
## stopped at the end whatever happens), and a local index of three shards; both get the corpora, and the
## same searches must print the same JSON (results, scores, interpretation) from both
cluster-demo: build
	rm -rf $(CLUSTER) && mkdir -p $(CLUSTER)
	@set -e; B=.build/release/entity-index; \
	trap 'Scripts/shard-servers.sh stop $(CLUSTER)/servers' EXIT; \
	servers=$$(Scripts/shard-servers.sh start $(CLUSTER)/servers 2 $$$$); \
	echo "xapian-tcpsrv serving:" $$servers; \
	$$B --index $(CLUSTER)/remote init --shard local $$(printf -- '--shard %s ' $$servers); \
	$$B --index $(CLUSTER)/local init --shards 3; \
	for index in remote local; do \
	  $$B --index $(CLUSTER)/$$index donate corpora/space-crew.jsonl; \
	  $$B --index $(CLUSTER)/$$index donate corpora/station-life.jsonl; \
	done; \
	$$B --index $(CLUSTER)/remote search "$(QUERY)" --limit 5 || test $$? -eq 1; \
	for query in "$(QUERY)" "Zoe Muller" "crew lunch" "Lunar Orbit Lgo" "水培花园" "what's after the crew lunch" "messages from Amara"; do \
	  for index in remote local; do \
	    $$B --index $(CLUSTER)/$$index search "$$query" --json --now 2026-03-12T09:30:00Z --time-zone UTC > $(CLUSTER)/$$index.json \
	      || test $$? -eq 1; \
	  done; \
	  cmp -s $(CLUSTER)/remote.json $(CLUSTER)/local.json || { echo "remote and local shards answer \"$$query\" differently"; exit 1; }; \
	done; \
	echo "remote and local shards gave the same top 10 and scores for every query"

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
