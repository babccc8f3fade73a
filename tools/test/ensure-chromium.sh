#!/usr/bin/env bash
# Makes sure the browser tests have Debian's Chromium (README "Tests"; Playwright never downloads a
# browser): nothing to do when it is there; installs it through apt-get when missing and run as root;
# otherwise stops at once, naming the command to run.
set -euo pipefail

chromium="${CHROMIUM_PATH:-/usr/bin/chromium}"
[ -x "$chromium" ] && exit 0

if [ -n "${CHROMIUM_PATH:-}" ]; then
  echo "CHROMIUM_PATH=$CHROMIUM_PATH is not an executable file: point it at Chromium, or unset it to use /usr/bin/chromium." >&2
  exit 1
fi

install='apt-get update && apt-get install -y chromium'
if [ "$(id -u)" -ne 0 ]; then
  echo "The browser tests need Debian's Chromium at /usr/bin/chromium. Install it as root with:" >&2
  echo "  $install" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null; then
  echo "The browser tests need Chromium at /usr/bin/chromium (or CHROMIUM_PATH); apt-get is not here to install it." >&2
  exit 1
fi

echo "Installing Debian's Chromium for the browser tests: $install"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq chromium >/dev/null
if [ ! -x "$chromium" ]; then
  echo "apt-get installed chromium, but $chromium is still missing." >&2
  exit 1
fi
