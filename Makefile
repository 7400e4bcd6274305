# Lifegraph: the two commands a newcomer needs are `make run` and `make test`.
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := help

CARGO ?= cargo
NPM ?= npm
WEB := web
RELEASE_BIN := target/release/lifegraph
DEBUG_BIN := target/debug/lifegraph
# The debug server for the web tests, built with the same features as the Rust tests
# (a plain `cargo build` would rebuild dependencies whose features the tests unify).
DEBUG_SERVER := $(CARGO) test --locked -p lifegraph --no-run

.PHONY: help run build web web-deps test test-deps lint-rust test-rust test-fuzz test-api-types test-web test-e2e bench startup-order clean

help:
	@echo "make run    build everything and serve http://127.0.0.1:8080 (SQLite in ./data, local sign-in)"
	@echo "make build  build the web app and the release server ($(RELEASE_BIN), web app embedded)"
	@echo "make test   every test: clippy, Rust on SQLite and PostgreSQL, API fuzzing, web type check, lint, unit and Playwright tests"
	@echo "make bench  the benchmarks, printing their figures"

## Serving ----------------------------------------------------------------------------------

run: build
	@mkdir -p data
	$(RELEASE_BIN) serve

build: web
	$(CARGO) build --release --locked -p lifegraph

web: web-deps
	cd $(WEB) && $(NPM) run build

# `npm ci` trips over the optional native packages of Tailwind in the lock file; `npm install`
# does not. Reinstall only when the lock file changed since the last install.
web-deps: $(WEB)/node_modules/.installed

$(WEB)/node_modules/.installed: $(WEB)/package.json $(WEB)/package-lock.json
	cd $(WEB) && $(NPM) install --no-audit --no-fund
	@touch $@

## Tests --------------------------------------------------------------------------------------

test: test-deps lint-rust test-rust test-fuzz test-api-types test-web test-e2e
	@echo "All tests passed."

# Debian's PostgreSQL (for the API tests) and Chromium (for Playwright), when missing.
test-deps:
	@missing=(); \
	ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || missing+=(postgresql); \
	command -v chromium >/dev/null 2>&1 || missing+=(chromium); \
	if [ $${#missing[@]} -gt 0 ]; then \
	  echo "Installing $${missing[*]}..."; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$${missing[@]}" >/dev/null; \
	fi

# Formatting (rustfmt.toml), then clippy with the project's own rules (clippy.toml: write
# transactions go through db::begin_write); the extractor also as the server builds it, without
# its `train` feature.
lint-rust:
	$(CARGO) fmt --all -- --check
	$(CARGO) clippy --locked --workspace --all-targets -- -D warnings
	$(CARGO) clippy --locked -p lifegraph-extract --no-default-features --all-targets -- -D warnings

# With a throwaway PostgreSQL and S3-compatible server (the cluster test runs two server
# processes on both).
test-rust:
	scripts/with-postgres.sh scripts/with-s3.sh $(CARGO) test --workspace --locked

# API fuzzing (Schemathesis, from the OpenAPI document) against the debug server, on SQLite and
# on PostgreSQL; reports in target/fuzz-report/.
test-fuzz:
	$(DEBUG_SERVER)
	scripts/with-postgres.sh scripts/fuzz-api.sh $(DEBUG_BIN)

# The web app's API types are generated from the server's OpenAPI document: both must be current.
test-api-types: web-deps
	$(DEBUG_SERVER)
	scripts/check-api-types.sh $(DEBUG_BIN)

test-web: web-deps
	cd $(WEB) && $(NPM) run typecheck && $(NPM) run lint && $(NPM) test

# Playwright drives Debian's Chromium against the real (debug) server, which reads web/dist.
test-e2e: web
	$(DEBUG_SERVER)
	cd $(WEB) && $(NPM) run e2e

## Benchmarks ---------------------------------------------------------------------------------

# After the Rust benchmarks, the release server under stress, on SQLite and PostgreSQL: kill -9
# while 8 writers create memories (fails if an acknowledged one is lost); then, on 10,000 memories,
# the first page at 16, 64 and 256 connections and creation at 8, 20 s each (wrk), each beside
# /healthz at the same count; start-up time and idle memory on 100,000 memories, against the goals
# (LOAD_SECONDS, LOAD_SEED, STARTUP_SEED, LOAD_CONNECTIONS, CRASH_ROUNDS... shorten a trial run).
# Then where a page's and a search's time goes: each from one connection, with the CPU each
# request costs the server and PostgreSQL, and a CPU profile of the server (perf) by part.
# Then, on SQLite, the full archive of a writer with 10,000 memories and 2 GB of photos: its speed,
# the server's peak memory while it streams, and that the zip is whole (ARCHIVE_MEMORIES,
# ARCHIVE_PHOTO_BYTES).
# Last, in Chromium: the graph explorer with 10,000 entities and 30,000 edges (first frame, layout
# time, frames per second while panning and zooming) and the timeline with 500 periods over 90
# years nested four deep (frames per second and the longest frame while panning and zooming).
bench: web
	$(CARGO) bench --locked -p lifegraph-extract --bench throughput
	scripts/with-postgres.sh $(CARGO) bench --locked -p lifegraph --bench memories
	scripts/with-postgres.sh $(CARGO) bench --locked -p lifegraph --bench entities
	scripts/with-postgres.sh $(CARGO) bench --locked -p lifegraph --bench dashboard
	$(CARGO) build --release --locked -p lifegraph
	scripts/with-postgres.sh scripts/bench-crash.py $(RELEASE_BIN)
	scripts/with-postgres.sh scripts/bench-load.py $(RELEASE_BIN)
	scripts/with-postgres.sh scripts/bench-profile.py $(RELEASE_BIN)
	scripts/bench-archive.py $(RELEASE_BIN)
	cd $(WEB) && LIFEGRAPH_BIN=$(CURDIR)/$(RELEASE_BIN) npx playwright test -c playwright.bench.config.ts

# After changes to what the server does at start-up or on common requests (or to its dependencies):
# records, under Valgrind, the functions a release server runs until its first answers and then in a
# writer's session and under a small load through wrk, on SQLite and PostgreSQL, into
# crates/server/startup.order, which the release link lays out together in that order
# (crates/server/build.rs), then relinks with it.
startup-order:
	$(CARGO) build --release --locked -p lifegraph
	scripts/with-postgres.sh scripts/startup-order.py $(RELEASE_BIN)
	$(CARGO) build --release --locked -p lifegraph

clean:
	$(CARGO) clean
	rm -rf $(WEB)/dist $(WEB)/node_modules
