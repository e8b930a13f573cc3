# CityOps — the two commands are `make start` and `make test`; everything else is a step of them.
SHELL := /bin/bash
.DEFAULT_GOAL := help
NPM := npm --loglevel=error
# Test files run in one worker per core: vitest's default leaves a core to its own main process, which
# sits idle while the workers run, so on two cores it ran one file at a time.
TEST_WORKERS ?= $(shell nproc 2>/dev/null || echo 2)
# Each test file's time goes to the run's record (scripts/test-times.mjs) for the summary of `make test`.
TIMES := --reporter=default --reporter=$(CURDIR)/scripts/test-times.mjs

.PHONY: help install install-system build start plugin typecheck lint format test test-unit test-sim test-plugin test-api test-api-pg test-e2e bench

help:
	@echo "make start   install what is missing, build, and run CityOps with demo data on http://localhost:8080"
	@echo "make test    install what is missing and run every check (types, lint, unit, API on PGlite and PostgreSQL, browser)"
	@echo "make plugin  run the desktop video plug-in (ffplay windows on this X display; see plugin/README.md)"

install:
	@scripts/ensure-deps.sh

install-system:
	@scripts/ensure-deps.sh --system

build: install
	@$(NPM) run build -w @cityops/server
	@$(NPM) run build -w @cityops/shell
	@$(NPM) run build:subapps

start: build
	@scripts/ensure-deps.sh --ffmpeg
	@echo
	@echo "CityOps is starting on http://localhost:$${PORT:-8080}"
	@echo "  demo accounts:  admin / Admin@123    operator / Operator@123    nobody / Nobody@123 (no permissions)"
	@echo "  sub-apps: iotcloud 10201/10202, omapp 10301/10302, opapp 10101/10102, zcapp 10401/10402, esapp 10501/10502, llapp 10601/10602"
	@echo "  camera simulators (demo): Hikvision-ISC-shaped on 127.0.0.1:10801, Dahua-ICC-shaped on 127.0.0.1:10802"
	@echo "  alarm columns (demo): 8 boxes, press one: curl -X POST http://127.0.0.1:$${ALARMBOX_ADMIN_PORT:-10804}/_sim/alarmbox/boxes/alarmbox-00001/press"
	@echo "  video plug-in (native windows for 实时预览/录像回放): make plugin, in another terminal on this desktop"
	@echo "  data: $${DATA_DIR:-./data} (embedded PGlite; set DATABASE_URL for PostgreSQL)    stop: Ctrl+C"
	@echo
	@DATA_DIR=$${DATA_DIR:-$(CURDIR)/data} exec scripts/start.sh

# The desktop video plug-in on this computer's display (a second start while one runs exits quietly).
plugin: install
	@scripts/ensure-deps.sh --plugin
	@exec plugin/start.sh

typecheck: install
	@$(NPM) run typecheck

lint: install
	@npx eslint . --max-warnings 0
	@npx prettier --check . --log-level warn

format: install
	@npx prettier --write . --log-level warn

test-unit: install
	@$(NPM) test -w @cityops/contract -w @cityops/client -w @cityops/ui -w @cityops/crud -w @cityops/subapp -w @cityops/video -w @cityops/alarmcall -w @cityops/map -w @cityops/shell -w @cityops/iotcloud -w @cityops/omapp -- --passWithNoTests --maxWorkers=$(TEST_WORKERS) $(TIMES)

test-sim: install-system
	@echo "==> simulator tests (ffmpeg)"
	@$(NPM) test -w @cityops/simulators -- --passWithNoTests $(TIMES)

# Real ffplay windows on an Xvfb display of their own, fed by the camera simulator.
test-plugin: install-system
	@echo "==> video plug-in tests (ffplay, Xvfb)"
	@$(NPM) test -w @cityops/video-plugin -- $(TIMES)

# Mosquitto for the external-broker tests, which fail under CI (CI set) rather than skip without it.
test-api: install
	@scripts/ensure-deps.sh --mosquitto
	@echo "==> API tests on PGlite"
	@$(NPM) test -w @cityops/server -- --maxWorkers=$(TEST_WORKERS) $(TIMES)

test-api-pg: install-system
	@echo "==> API tests on PostgreSQL"
	@scripts/with-postgres.sh $(NPM) test -w @cityops/server -- --maxWorkers=$(TEST_WORKERS) $(TIMES)

test-e2e: install-system build
	@echo "==> browser tests in Chromium"
	@$(NPM) test -w @cityops/e2e -- $(TIMES)

# Every phase in order; at the end the phases' times and the ten slowest test files, even after a failure.
test:
	@scripts/test.sh

bench: install-system build
	@$(NPM) run bench -w @cityops/bench
