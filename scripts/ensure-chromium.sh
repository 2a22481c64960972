#!/usr/bin/env bash
# Makes sure Debian's Chromium is there for the browser tests. Never downloads a browser from
# anywhere else (`npx playwright install` is not used): apt-get only, and only as root.
set -euo pipefail
CHROMIUM="${CHROMIUM_PATH:-/usr/bin/chromium}"
# Some messages are Chinese (spec section 5): without a CJK font the screenshots show boxes.
CJK_FONT=fonts-wqy-microhei
if [ -x "$CHROMIUM" ]; then
  if [ "$(id -u)" -eq 0 ] && ! dpkg -s "$CJK_FONT" >/dev/null 2>&1; then
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$CJK_FONT" >/dev/null 2>&1 || echo "note: $CJK_FONT not installed (screenshots only)" >&2
  fi
  exit 0
fi
if [ "$(id -u)" -eq 0 ]; then
  echo "Chromium not found at $CHROMIUM: installing Debian's chromium package..."
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq chromium "$CJK_FONT" >/dev/null
  [ -x "$CHROMIUM" ] && exit 0
  echo "apt-get installed chromium, but $CHROMIUM is still missing; set CHROMIUM_PATH." >&2
  exit 1
fi
cat >&2 <<MSG
The end-to-end tests need Debian's Chromium at $CHROMIUM and it is not installed.
Install it as root:   apt-get update && apt-get install -y chromium
or point CHROMIUM_PATH at an existing Chromium binary.
MSG
exit 1
