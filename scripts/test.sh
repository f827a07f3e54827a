#!/usr/bin/env bash
# Installs what is missing, builds, and runs every test (lit suites and GoogleTest) under ctest.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh chromium
scripts/build.sh
# The official SARIF 2.1.0 schema and a validator, from the npm registry.
BUILD_DIR=${BUILD_DIR:-build} scripts/install-sarif-validator.sh
cd "${BUILD_DIR:-build}"
ctest --output-on-failure -j "${JOBS:-$(nproc)}"
