#!/usr/bin/env bash
# npm test: every test — format and lint (Biome), types, unit + API (Vitest), journeys in real Chromium (Playwright).
# Runs on PGlite by default; with DATABASE_URL set, on that PostgreSQL server (a fresh database per test file).
set -euo pipefail
cd "$(dirname "$0")/.."

if [ ! -d node_modules ]; then
  npm ci --no-audit --no-fund
fi

# Debian's chromium for the browser journeys, and wrk, the bench's load generator (its test runs it briefly).
if [ ! -x /usr/bin/chromium ] || ! command -v wrk >/dev/null; then
  if [ "$(id -u)" = "0" ]; then
    echo "Installing Debian's chromium and wrk…"
    DEBIAN_FRONTEND=noninteractive apt-get update -qq </dev/null
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium wrk </dev/null >/dev/null
  else
    echo "The tests need Debian's chromium at /usr/bin/chromium and wrk: run  sudo apt-get install -y chromium wrk" >&2
    exit 1
  fi
fi

echo "== format and lint (Biome)"
npx biome ci .
echo "== build"
npm run build --silent
echo "== typecheck"
npx tsc --noEmit -p .
echo "== unit + API tests (${DATABASE_URL:+PostgreSQL}${DATABASE_URL:-PGlite})"
npx vitest run
echo "== browser journeys"
npx vitest run --config vitest.e2e.config.ts
