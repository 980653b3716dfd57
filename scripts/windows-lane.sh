#!/usr/bin/env bash
# The Windows lane of `npm test` (test/wine/lane.ts): the app's Win32 code run by a Windows Node
# under Wine, and the installer's NSIS script compiled and run silently under Wine. Installs
# Debian's wine64 and nsis where apt-get can (as root); where Wine cannot be had, the lane is
# not run, says why, and its report (test-results/windows.json) says so too. Under a virtual
# display of its own when there is none. What it proves: docs/packaging.md.
set -uo pipefail
cd "$(dirname "$0")/.."

not_run() {
  echo "Windows lane not run: $1"
  npx tsx test/wine/lane.ts "--skipped=$1"
  exit 0
}

[ "$(uname -s)" = Linux ] && [ "$(uname -m)" = x86_64 ] || not_run "it needs Wine's 64-bit Windows, on x86-64 Linux (this is $(uname -s) $(uname -m))"
command -v dpkg-query >/dev/null || not_run "it installs Wine with apt, and this is not Debian or Ubuntu"

packages=(wine64 nsis xvfb xauth)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
    echo "Installing Debian packages for the Windows lane: ${missing[*]}"
    export DEBIAN_FRONTEND=noninteractive
    # Wine's recommended extras (fonts, 32-bit Wine, GStreamer plugins) are not needed here.
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
      { apt-get update -qq && apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null; } ||
      not_run "apt-get could not install ${missing[*]}"
  else
    not_run "${missing[*]} not installed, and only root can install them (sudo apt-get install ${missing[*]})"
  fi
fi

if [ -z "${DISPLAY:-}" ]; then
  xvfb-run -a -s "-screen 0 1280x900x24" npx tsx test/wine/lane.ts "$@"
else
  npx tsx test/wine/lane.ts "$@"
fi
