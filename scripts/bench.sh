#!/usr/bin/env bash
# `npm run bench`: builds the app, then measures it (under a virtual display when there is none).
set -euo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
bash scripts/system-deps.sh
node scripts/ensure-electron.mjs
SCRIBE_BUILD=development npx electron-vite build --logLevel warn
if [ "$(uname -s)" = Linux ] && [ -z "${DISPLAY:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1280x900x24" node --import tsx test/bench/run.ts
fi
exec node --import tsx test/bench/run.ts
