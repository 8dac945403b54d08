#!/bin/sh
# Lighthouse accessibility audit of the first screens (tools/lighthouse/audit.mjs). Lighthouse lives
# in its own folder with its own package.json: in the main package it breaks `npm ls`.
set -e
cd "$(dirname "$0")/.."
if [ ! -d tools/lighthouse/node_modules/lighthouse ]; then
  npm install --prefix tools/lighthouse --no-audit --no-fund
fi
CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}" exec npx tsx tools/lighthouse/audit.mjs
