#!/usr/bin/env bash
# Per family: CUDA APIs declared in the CUDA headers (functions, types,
# enumerators, macros whose name carries the family's prefix, found by
# hipport's declaration scanner), rule entries with a HIP name, entries
# marked unsupported, and the share of declared APIs that have an entry.
#
# usage: bench/rules-coverage.sh [HIPPORT] [CUDA_INCLUDE]
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
hipport=${1:-$here/build/bin/hipport}
cuda=${2:-/usr/local/cuda/include}
export HIPPORT_RULES_DIR=$here/rules
"$hipport" rules coverage --cuda-include "$cuda"
