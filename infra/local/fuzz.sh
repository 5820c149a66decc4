#!/usr/bin/env bash
# `make fuzz`: the property-based tests of POST /api/contact (contact-service/test/
# contact-api.fuzz.e2e-spec.ts), longer than in `make test` and with a random seed: first against a
# service of their own, then through nginx on the local stack (started if it is not up). A failure
# prints its seed; FUZZ_SEED=<seed> make fuzz replays it. FUZZ_RUNS sets the number of requests.
set -euo pipefail
cd "$(dirname "$0")/../.."
export FUZZ_RUNS=${FUZZ_RUNS:-5000} FUZZ_SEED=${FUZZ_SEED:-random}

echo "==> The contact-service on its own"
npm run --silent fuzz -w contact-service

echo "==> Through nginx (the local stack)"
infra/local/stack-up.sh
FUZZ_TARGET_URL=${FUZZ_TARGET_URL:-http://127.0.0.1:8080} \
  FUZZ_DATABASE_URL=${STACK_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/contact_stack} \
  npm run --silent fuzz -w contact-service
