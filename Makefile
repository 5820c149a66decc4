# The front door. `make` (or `make help`) lists every target.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

# --- Node 24 -----------------------------------------------------------------
# The project runs on Node 24 LTS. When the machine's node is older, the official
# binary from the npm registry package node-linux-<arch> is kept in .tools/ and put
# first on PATH for every target; the system is never touched.
NODE_VERSION := 24.21.0
NODE_ARCH := $(if $(filter aarch64 arm64,$(shell uname -m)),arm64,x64)
NODE_HOME := $(CURDIR)/.tools/node-$(NODE_VERSION)
NODE_BIN_DIR := $(NODE_HOME)/node_modules/node-linux-$(NODE_ARCH)/bin
SYSTEM_NODE_OK := $(shell node -e 'process.exit(+process.versions.node.split(".")[0] >= 24 ? 0 : 1)' >/dev/null 2>&1 && echo yes)
ifeq ($(SYSTEM_NODE_OK),yes)
NODE := node
else
NODE := $(NODE_BIN_DIR)/node
export PATH := $(NODE_BIN_DIR):$(PATH)
endif

NPM_STAMP := node_modules/.install-stamp
WORKSPACE_MANIFESTS := package.json package-lock.json $(wildcard */package.json) deploy/kubernetes/package.json

.PHONY: help install lint typecheck test build budget bench bench-inbox failover-drill fuzz start dev stack-up stack-down smoke sign-in-flood tls-check e2e lighthouse up down logs ps e2e-containers openapi leads backup restore recover upgrade rollback bundle version sbom alerts ci ci-smoke acr

help: ## List every target
	@awk 'BEGIN {FS = ":.*## "} /^[a-z0-9-]+:.*## / {printf "  \033[1m%-15s\033[0m %s\n", $$1, $$2}' $(MAKEFILE_LIST)

$(NODE_BIN_DIR)/node:
	@echo "Installing Node $(NODE_VERSION) into .tools/ (the system node is older than 24)"
	@npm install --silent --no-save --prefix "$(NODE_HOME)" "node-linux-$(NODE_ARCH)@$(NODE_VERSION)" >/dev/null

$(NPM_STAMP): $(if $(filter yes,$(SYSTEM_NODE_OK)),,$(NODE_BIN_DIR)/node) $(WORKSPACE_MANIFESTS)
	@npm ci --no-audit --no-fund --loglevel=error
	@touch $@

install: $(NPM_STAMP) ## Install Node 24 (if needed) and the npm dependencies
	@echo "node $$(node --version), npm $$(npm --version)"

lint: $(NPM_STAMP) ## ESLint and Prettier over the whole repository, the Dockerfiles, ShellCheck and shfmt over the shell scripts
	npm run --silent lint

typecheck: $(NPM_STAMP) ## TypeScript (strict) in every package
	npm run --silent typecheck

test: $(NPM_STAMP) ## Unit and integration tests of every package
	@echo "Running tests on node $$(node --version)"
	npm test --workspaces --if-present

openapi: $(NPM_STAMP) ## The API documents (contract/contact-api.json, console-api.json) from the service, and the console's client from it
	npm run --silent build -w contact-service
	npm run --silent openapi -w contact-service
	cd frontend && npx rtk-query-codegen-openapi openapi-config.mjs

build: $(NPM_STAMP) ## Production builds: contact-service (dist/) and the prerendered site (frontend/dist/)
	npm run --silent build -w contact-service
	npm run --silent build -w frontend

budget: build ## Check the site's JS and CSS sizes per route against the budgets, and its security.txt (RFC 9116)
	npm run --silent budget -w frontend
	npm run --silent check-security-txt -w frontend

# The lead inbox benchmark's size: `make bench-inbox INBOX_BENCH_LEADS=100000` for a quick look.
INBOX_BENCH_LEADS ?= 1000000
INBOX_BENCH = INBOX_BENCH_LEADS=$(INBOX_BENCH_LEADS) $(NODE) contact-service/dist/bench/inbox-bench.js

bench: $(NPM_STAMP) ## Benchmark POST /api/contact against a bare pg insert loop (needs Postgres), make start under load, then the lead inbox (bench-inbox)
	npm run --silent bench -w contact-service
	infra/local/start-load.sh
	$(INBOX_BENCH)

failover-drill: $(NPM_STAMP) ## Patroni, etcd and HAProxy in network namespaces of its own: the primary dies, then is cut off, under a burst of POSTs; no acknowledged lead lost (root; about 4 min)
	npm run --silent build -w contact-service
	infra/failover-drill/drill.sh

bench-inbox: $(NPM_STAMP) ## The lead inbox at INBOX_BENCH_LEADS leads (1,000,000): pages, search, counts, lead screen, export, plans (needs Postgres; about 6 min on 2 cores)
	npm run --silent build -w contact-service
	$(INBOX_BENCH)

fuzz: $(NPM_STAMP) ## Property-based fuzzing of POST /api/contact, long and with a random seed: the service, then through nginx
	infra/local/fuzz.sh

start: build ## Run the site at http://localhost:8080, and the operators' console at http://localhost:8081/console/, on an embedded database
	CONSOLE_APP=preview infra/local/with-contact-service.sh npm run --silent preview -w frontend -- --host 127.0.0.1 --port 8080 --strictPort

dev: $(NPM_STAMP) ## Vite dev server with /api proxied to the contact-service (embedded database)
	npm run --silent build -w contact-service
	infra/local/with-contact-service.sh npm run --silent dev -w frontend

stack-up: $(NPM_STAMP) ## Start contact-service + system nginx with the shipped config on :8080 (no Docker)
	infra/local/stack-up.sh

stack-down: ## Stop what stack-up started
	infra/local/stack-down.sh

smoke: stack-up ## curl smoke test against the local stack (starts it if needed)
	infra/local/smoke-test.sh

sign-in-flood: stack-up ## 32 console sign-ins at once for unknown names while prospects send the form: every lead stored, no 5xx, the service under 512 MiB
	$(NODE) infra/local/sign-in-flood.mjs

tls-check: $(NPM_STAMP) ## HTTPS of the shipped nginx config (TLS_MODE=files) on its own stack: curl checks and testssl.sh, nothing above LOW
	infra/local/tls-check.sh

e2e: $(NPM_STAMP) ## Browser suite (Playwright, axe, Lighthouse) on its own stack and fresh database
	e2e/scripts/run-e2e.sh

# The conformance report's inputs: the browser suite's axe results (e2e with AXE_RESULTS_DIR set)
# and, when given, the statement the service answers with its confirmed reports.
AXE_RESULTS ?= .artifacts/axe
acr: $(NPM_STAMP) ## Accessibility conformance report (OpenACR, VPAT-style) into .artifacts/acr/, validated [AXE_RESULTS=dir] [STATEMENT=url-or-file]
	$(NODE) infra/acr/make-acr.mjs --axe $(AXE_RESULTS) $(if $(STATEMENT),--statement $(STATEMENT))

lighthouse: stack-up ## Lighthouse per route beside the same page without scripts (LCP, TBT reported; CLS 0 and a11y/bp/SEO 100 gated), best of 3 alternated mobile runs (starts the stack if needed)
	LIGHTHOUSE_SITE_DIR=$(CURDIR)/frontend/dist npm run --silent lighthouse -w e2e

# --- Container stack ------------------------------------------------------------
COMPOSE = $(shell docker compose version >/dev/null 2>&1 && echo 'docker compose' || echo docker-compose)
WEB_PORT = $(or $(shell sed -n 's/^WEB_PORT=//p' .env 2>/dev/null),8080)
CONSOLE_ORIGIN = $(or $(shell sed -n 's/^CONSOLE_ORIGIN=//p' .env 2>/dev/null),http://localhost:8081)
# TLS_MODE=acme in .env: the certificates service runs too (its compose profile).
ifeq ($(shell sed -n 's/^TLS_MODE=//p' .env 2>/dev/null),acme)
export COMPOSE_PROFILES := acme
endif
# Replicas of the contact-service: `make up REPLICAS=3`, or CONTACT_SERVICE_REPLICAS in .env.
REPLICAS ?= $(or $(shell sed -n 's/^CONTACT_SERVICE_REPLICAS=//p' .env 2>/dev/null),1)

.env:
	@source infra/shell-lib.sh; umask 077; sed -e "s/^POSTGRES_PASSWORD=.*/POSTGRES_PASSWORD=$$(random_hex 24)/" \
	  -e "s/^POSTGRES_SERVICE_PASSWORD=.*/POSTGRES_SERVICE_PASSWORD=$$(random_hex 24)/" .env.example > .env
	@echo "Created .env from .env.example with a random POSTGRES_PASSWORD and POSTGRES_SERVICE_PASSWORD"

# Files the backup container writes into backups/ belong to whoever runs make; when that is root,
# the container runs as uid 999 instead, never as root (infra/compose/private.sh).
export BACKUP_USER ?= $(if $(filter 0,$(shell id -u)),999:999,$(shell id -u):$(shell id -g))

up: .env ## Build and start web, contact-service (REPLICAS=n), Postgres and backups in containers; wait until healthy [BUNDLE=…: from make bundle's images, nothing built]
	@mkdir -p backups tls
	@$(if $(BUNDLE),infra/compose/load-bundle.sh "$(BUNDLE)")
	@infra/compose/keys.sh .env $(COMPOSE)
	@infra/compose/private.sh
	@$(COMPOSE) up -d db
	@infra/compose/service-role.sh $(COMPOSE)
	$(COMPOSE) up -d $(if $(BUNDLE),--no-build,--build) --scale contact-service=$(REPLICAS) || { $(COMPOSE) ps; $(COMPOSE) logs --no-color --tail 20; exit 1; }
	@infra/compose/private.sh # again: what a backup container being replaced wrote meanwhile
	@infra/compose/wait-healthy.sh $(COMPOSE)
	@infra/compose/version.sh record
	@infra/compose/warnings.sh $(COMPOSE)
	@echo "The site is up: http://localhost:$(WEB_PORT); the operators' console: $(CONSOLE_ORIGIN)/console/"

down: ## Stop the container stack (the database volume is kept)
	$(COMPOSE) down

logs: ## Follow the container stack's logs
	$(COMPOSE) logs -f --tail 100

ps: ## Show the container stack's containers and their health
	$(COMPOSE) ps

leads: ## The operators' leads command, in the container stack when it runs: make leads ARGS='list' [LOCAL=1]
	@infra/compose/leads.sh "$(COMPOSE)" $(ARGS)

backup: ## Back up the container stack now, into backups/: a compressed pg_dump and, encrypted, .env and tls/
	$(COMPOSE) exec -T backup bash /backup/backup.sh

restore: .env ## Restore a signed backup, from backups/ or any copy: make restore FILE=… [KEY=backup-key.txt] [SIGNING_KEY=…] [REPLACE=1] [YES=1]
	@infra/compose/restore.sh "$(COMPOSE)" "$(FILE)" "$(REPLACE)" "$(YES)" "$(KEY)" "$(SIGNING_KEY)" "$(UNSIGNED)"

recover: .env ## After the database's disk or the machine is lost: the newest base backup and the WAL, to the last moment [TIME=…] [KEY=…] [REMOTE=…] [YES=1]
	@infra/compose/recover.sh "$(COMPOSE)" "$(TIME)" "$(YES)" "$(KEY)" "$(SIGNING_KEY)" "$(UNSIGNED)" "$(REMOTE)"

upgrade: .env ## After git pull: a backup, then the running stack moved to this release while it serves [PULL=0] [BUNDLE=…]
	@$(if $(BUNDLE),infra/compose/load-bundle.sh "$(BUNDLE)")
	@infra/compose/upgrade.sh $(REPLICAS) $(if $(BUNDLE),bundle,$(if $(filter 0,$(PULL)),0,1)) $(COMPOSE)

rollback: .env ## Back to the release make upgrade replaced, its images and its commit, while the stack serves; no restore [YES=1]
	@infra/compose/rollback.sh $(REPLICAS) "$(YES)" $(COMPOSE)

bundle: .env ## This release as one file for a machine with no registry: images, code, SBOMs, checksums (.artifacts/bundle/)
	@infra/compose/bundle.sh $(COMPOSE)

version: ## The release of this checkout (contract/release.json), and of the container stack when it runs
	@echo "This checkout: $$(infra/compose/version.sh checkout)"
	@running=$$(infra/compose/version.sh running $(COMPOSE)); [ -z "$$running" ] || echo "The running stack: $$running"

alerts: ## Check Prometheus' configuration and alert rules (infra/monitoring/), run the rules' tests (promtool), and check Alertmanager's configuration (amtool)
	@command -v promtool >/dev/null || { echo "make alerts needs promtool: apt-get install prometheus (Debian), or a Prometheus release's promtool on PATH" >&2; exit 1; }
	promtool check config infra/monitoring/prometheus.yml
	promtool test rules infra/monitoring/alerts.test.yml
	@# Alertmanager's configuration as alertmanager.sh writes it, from sample settings (Teams too
	@# where amtool knows msteamsv2, 0.28 on), with the routes and receivers of local/ if any.
	@if ! command -v amtool >/dev/null; then echo "amtool not found: Alertmanager's configuration not checked (apt-get install prometheus-alertmanager)"; exit 0; fi; \
	  dir=$$(mktemp -d); trap 'rm -rf "$$dir"' EXIT; \
	  minor=$$(amtool --version 2>&1 | sed -n 's/.*version 0\.\([0-9]*\)\..*/\1/p' | head -n 1); \
	  teams=; [[ $${minor:-0} -lt 28 ]] || teams='https://example.invalid/workflows/1/triggers/manual/paths/invoke?sig=x'; \
	  env -i PATH="$$PATH" SMTP_URL='smtp://alerts%40example.com:p%40ss:w@smtp.example.com:587' \
	    NOTIFY_FROM=alerts@example.com NOTIFY_TO=sales@example.com ALERT_TO=ops@example.com \
	    TEAMS_WEBHOOK_URL="$$teams" sh infra/monitoring/alertmanager.sh render "$$dir" >/dev/null; \
	  echo "amtool check-config (alertmanager.sh's output for sample settings)"; \
	  amtool check-config "$$dir/alertmanager.yml"

sbom: $(NPM_STAMP) ## Copy each image's bill of materials (CycloneDX) into .artifacts/sbom/ and check it is valid and complete
	@infra/compose/sbom.sh "$(COMPOSE)"

e2e-containers: $(NPM_STAMP) ## The browser suite's specs of what the container stack adds (E2E_PROJECT= LIGHTHOUSE=on for all), against the stack `make up` started
	e2e/scripts/run-e2e-containers.sh $(COMPOSE)

# CI's scale: the inbox benchmark on a small table, gated on its query plans and the rows each
# path touches (the millisecond goals are checked by hand at full scale: make bench-inbox).
ci: INBOX_BENCH_LEADS = 20000
ci: lint typecheck alerts test budget bench ci-smoke tls-check e2e ## Everything CI proves without containers, in order (the inbox benchmark at 20,000 leads)

# make ci's smoke test: on a fresh stack from the builds above, stopped afterwards, also when it fails.
ci-smoke: $(NPM_STAMP)
	infra/local/stack-down.sh
	STACK_SKIP_BUILD=1 infra/local/stack-up.sh
	status=0; infra/local/smoke-test.sh && $(NODE) infra/local/sign-in-flood.mjs || status=$$?; \
	  infra/local/stack-down.sh; exit $$status
