#!/usr/bin/env bash
# The whole test suite on a fresh machine: system packages, npm packages, then typecheck and lint
# beside the SPA and server tests on the embedded database, the server tests again on PostgreSQL, the
# end-to-end tests in Chromium (on the production build, beside the others) and the bundle check
# of that build.
set -euo pipefail
cd "$(dirname "$0")/.."

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
[ -d /usr/share/fonts/opentype/noto ] || missing+=(fonts-noto-cjk)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || missing+=(postgresql)
if [ ${#missing[@]} -gt 0 ]; then
  echo "Installing system packages: ${missing[*]}"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null
fi

npm install --no-audit --no-fund

# A PostgreSQL server of our own on a spare port, removed on exit.
pg_bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)")
pg_dir=$(mktemp -d /tmp/manabi-pg.XXXXXX)
pg_port=${MANABI_TEST_PG_PORT:-54329}
chown postgres "$pg_dir" 2>/dev/null || true
run_pg() { if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi; }
cleanup() {
  # The end-to-end run (its own process group: npm, vitest, the product, Chromium) stops with us.
  if [ -n "${e2e:-}" ]; then kill -- "-$e2e" 2>/dev/null || true; fi
  run_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$pg_dir" "${logs:-}"
}
trap cleanup EXIT
run_pg "$pg_bin/initdb" -D "$pg_dir/data" -U manabi --auth=trust >/dev/null
run_pg "$pg_bin/pg_ctl" -D "$pg_dir/data" -l "$pg_dir/log" -w \
  -o "-p $pg_port -k $pg_dir -c listen_addresses=127.0.0.1" start >/dev/null
logs=$(mktemp -d /tmp/manabi-logs.XXXXXX)

# The end-to-end tests start the product as a newcomer does (npm start builds dist/) and drive
# Chromium through it. They mostly wait on the browser (a third of a core), so they run beside
# everything else; their report follows the other tests'.
setsid npm run test:e2e >"$logs/e2e.log" 2>&1 &
e2e=$!

# The typecheck, ESLint and Prettier each use one core, and finish at different times: they run
# beside the tests rather than before them, so no core waits on the slowest; all are reported
# once the tests are done.
npm run typecheck >"$logs/typecheck.log" 2>&1 &
typecheck=$!
npx eslint . --max-warnings=0 >"$logs/eslint.log" 2>&1 &
eslint=$!
npx prettier --check . >"$logs/prettier.log" 2>&1 &
prettier=$!

tests_status=0
npm test || tests_status=$?
failed=0
for check in typecheck eslint prettier; do
  wait "${!check}" || failed=1
  cat "$logs/$check.log"
done
[ "$failed" = 0 ] && [ "$tests_status" = 0 ] || exit 1
# PGlite is PostgreSQL itself, so the server tests run again on a PostgreSQL server for what
# differs there: real concurrency and the network driver. Files whose subject is not the engine
# (documents, rules, serving built files, one process's start-up) ran above already.
echo "Server tests on PostgreSQL"
DATABASE_URL="postgres://manabi@127.0.0.1:$pg_port/postgres" npx vitest run --project server \
  --exclude 'server/tests/{contract-parity,fuzz,authz-matrix,openapi,system,shared-rules}.test.ts' \
  --exclude 'server/tests/{demo-covers,build-output,serving,spa,logging,periodic}.test.ts' \
  --exclude 'server/tests/{paypal-standin-startup,startup,data-dir-lock}.test.ts'

echo "End-to-end tests in Chromium"
e2e_status=0
wait "$e2e" || e2e_status=$?
e2e=
cat "$logs/e2e.log"
[ "$e2e_status" = 0 ] || exit 1
# The bundle check reads the build the e2e run made.
npm run verify:bundle
