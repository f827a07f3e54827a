#!/usr/bin/env bash
# Installs, from Debian's packages only, whatever hipport needs and is missing.
set -euo pipefail
PKGS=(cmake ninja-build g++ python3 python3-yaml ccache git
      llvm-22-dev libclang-22-dev libclang-cpp22-dev clang-22 clang-tidy-22 llvm-22-tools
      libclang-rt-22-dev
      libfmt-dev nlohmann-json3-dev libgtest-dev libboost-context-dev
      hipcc libhiprand-dev libhipsparse-dev librocprim-dev librocrand-dev)
# Extra packages a caller asks for (e.g. chromium for the report tests).
PKGS+=("$@")
missing=()
for p in "${PKGS[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  SUDO=""; [ "$(id -u)" = 0 ] || SUDO=sudo
  echo "installing: ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi
