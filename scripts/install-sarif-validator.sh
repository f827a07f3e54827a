#!/bin/sh
# Installs what test/checks/lint-sarif-schema.test needs to validate hipport's
# SARIF against the official SARIF 2.1.0 JSON schema: the schema itself (it
# ships in @microsoft/sarif-multitool-linux as sarif-2.1.0.json), and ajv with
# ajv-formats (JSON Schema draft-07). Installed from the npm registry into
# "${BUILD_DIR:-build}/npm", never into the source tree; the lit feature
# `sarif-schema` turns on when the schema is there.
#
# Idempotent: does nothing when the pinned versions are already installed.
# Exits 0 with a message when npm is unavailable (the schema test is then
# reported as unsupported, not failed).
set -eu

BUILD_DIR=${BUILD_DIR:-build}
PREFIX="$BUILD_DIR/npm"
SCHEMA="$PREFIX/node_modules/@microsoft/sarif-multitool-linux/sarif-2.1.0.json"
PACKAGES="@microsoft/sarif-multitool-linux@5.7.0 ajv@8 ajv-formats@3"

if ! command -v npm >/dev/null 2>&1 || ! command -v node >/dev/null 2>&1; then
  echo "install-sarif-validator: npm or node not found; SARIF schema validation will be skipped"
  exit 0
fi

if [ -f "$SCHEMA" ] && [ -d "$PREFIX/node_modules/ajv" ] &&
   [ -d "$PREFIX/node_modules/ajv-formats" ] &&
   grep -q '"version": "5.7.0"' "$PREFIX/node_modules/@microsoft/sarif-multitool-linux/package.json"; then
  echo "install-sarif-validator: already installed in $PREFIX"
  exit 0
fi

mkdir -p "$PREFIX"
# --ignore-scripts: only the schema file of the multitool is used, none of its
# binaries or install hooks.
if npm install --no-save --no-audit --no-fund --ignore-scripts --prefix "$PREFIX" $PACKAGES; then
  echo "install-sarif-validator: installed in $PREFIX"
else
  echo "install-sarif-validator: npm install failed; SARIF schema validation will be skipped"
fi
exit 0
