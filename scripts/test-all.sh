#!/usr/bin/env bash
# `npm test`: every check the project has. Type check, lint, unit tests, the Windows lane (the
# Win32 code and the installer's script under Wine), build, end-to-end tests in the real app
# (under a virtual display when there is none). Ends with one line "N passed, N failed" over
# all suites.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/*.json

bash scripts/system-deps.sh || exit 1
node scripts/ensure-electron.mjs || exit 1

checks_passed=0
checks_failed=0
check() {
  local name=$1; shift
  echo "── $name"
  if "$@"; then checks_passed=$((checks_passed + 1)); else checks_failed=$((checks_failed + 1)); echo "✗ $name failed"; fi
}

check "type check" npm run -s typecheck
check "lint" npm run -s lint
echo "── unit tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
echo "── Windows lane (Wine)"
bash scripts/windows-lane.sh
echo "── build"
if SCRIBE_BUILD=development npx electron-vite build --logLevel warn; then
  echo "── end-to-end tests"
  if [ "$(uname -s)" = Linux ] && [ -z "${DISPLAY:-}" ]; then
    xvfb-run -a -s "-screen 0 1280x900x24" npx playwright test
  else
    npx playwright test
  fi
else
  checks_failed=$((checks_failed + 1)); echo "✗ build failed: end-to-end tests not run"
fi

node scripts/summarize-results.mjs "$checks_passed" "$checks_failed"
