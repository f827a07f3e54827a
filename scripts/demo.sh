#!/usr/bin/env bash
# Installs what is missing, builds, and ports a bundled example, showing the diff.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
TARGET=hipport scripts/build.sh
EXAMPLE=${1:-examples/vector-add}
OUT=$(mktemp -d)/$(basename "$EXAMPLE")-hip
build/bin/hipport port "$EXAMPLE" --rocm-version 5.2 --diff
build/bin/hipport port "$EXAMPLE" --rocm-version 5.2 -o "$OUT" --stats
echo "ported tree: $OUT"
