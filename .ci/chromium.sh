#!/usr/bin/env bash
# Installs Debian's Chromium when it is missing: the OAuth end-to-end tests submit the authorize page
# in a real headless browser (playwright-core drives /usr/bin/chromium; it downloads no browser itself).
# The fonts are pinned too: the views' pictures (docs/screenshots/, compared pixel by pixel in a test)
# are drawn in DejaVu Sans (the page's text) and Liberation Sans (Chart.js's Arial), Debian's packages.
set -euo pipefail
FONTS=(fonts-dejavu-core fonts-liberation)
if [ -x /usr/bin/chromium ] && dpkg -s "${FONTS[@]}" >/dev/null 2>&1; then
  exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "chromium.sh: /usr/bin/chromium or its fonts are missing; install Debian's packages (apt-get install -y chromium ${FONTS[*]})" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends chromium "${FONTS[@]}" >/dev/null
