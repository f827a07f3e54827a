#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (lit suites and GoogleTest) under ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium
scripts/build.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure -j "${JOBS:-$(nproc)}"
