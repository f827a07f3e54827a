#!/bin/sh
# Headless Chromium with networking and background services off, for the
# report's layout tests: chromium.sh PROFILE_DIR CHROMIUM_ARGS...
Profile=$1
shift
exec chromium --headless --no-sandbox --disable-gpu --disable-quic \
  --no-first-run --disable-background-networking --disable-component-update \
  --disable-sync --hide-scrollbars --user-data-dir="$Profile" "$@" 2>/dev/null
