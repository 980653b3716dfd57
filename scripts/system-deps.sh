#!/usr/bin/env bash
# Installs the Debian packages the app and its end-to-end tests need (virtual display,
# virtual microphone, speech synthesis, keyring), when they are missing. Needs root and apt-get;
# elsewhere it only says what is missing.
set -euo pipefail
packages=(
  xvfb xauth xdotool                      # virtual display, keys for the global-shortcut test
  pulseaudio pulseaudio-utils espeak-ng sox  # virtual microphone that speaks
  opus-tools                              # opusinfo and opusdec read the Ogg Opus parts back in the unit tests
  dbus-x11 gnome-keyring                  # a real OS keyring for the secrets test
  fonts-dejavu-core                       # text in a virtual display
  fonts-lohit-deva                        # Devanagari, for the Hindi consent notice on screen
  fonts-lohit-beng-bengali fonts-lohit-beng-assamese fonts-lohit-guru fonts-lohit-gujr  # the handouts' other scripts,
  fonts-lohit-taml fonts-lohit-telu fonts-lohit-knda fonts-lohit-mlym                   # each drawn, never boxes
  chromium xclip python3-gi gir1.2-gtk-3.0  # the programs the note is inserted into (a web EMR page, a GTK editor)
  fakeroot                                # the Debian package (npm run package:deb)
  debootstrap apt-utils gnupg scrot       # its test: a Debian 12 root, a signed repository, screenshots
  at-spi2-core                            # the accessibility bus the note is read back through from a field
  systemd                                 # a real journald of the audit tests' own, which checkpoints reach
)
command -v dpkg-query >/dev/null || exit 0  # not Debian: a desktop with its own display and audio
# What the app itself needs to run (Electron's libraries and the rest), from the one table.
mapfile -t runtime < <(node "$(dirname "$0")/linux-runtime.mjs")
packages+=("${runtime[@]}")
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q 'install ok installed' || missing+=("$package")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
  echo "Installing Debian packages: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" >/dev/null
else
  echo "Missing system packages for the end-to-end tests: ${missing[*]}" >&2
  echo "Install them with: sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
