#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing: the OAuth end-to-end tests submit the authorize page
# in a real headless browser (playwright-core drives /usr/bin/chromium; it downloads no browser itself).
set -euo pipefail
if [ -x /usr/bin/chromium ]; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium.sh: /usr/bin/chromium is missing; install Debian's chromium package (apt-get install -y chromium)" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium >/dev/null
