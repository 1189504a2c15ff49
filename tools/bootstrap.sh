#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# Installs the Debian 12 packages voxnav builds against, when missing.
# Run as root (or with sudo available). Safe to run again.
set -euo pipefail
packages=(build-essential cmake libopenvdb-dev libboost-iostreams-dev libtbb-dev libblosc-dev
          libglm-dev libeigen3-dev catch2 nlohmann-json3-dev libcli11-dev zlib1g-dev
          libpng-dev libjs-three chromium minetest-server minetest-data pkgconf doxygen strace luajit)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
# The physics test's node and npm (tests/physics/): Debian's, unless a node
# and npm are already installed some other way (a NodeSource nodejs ships
# its own npm, and Debian's npm package would conflict with it).
command -v node > /dev/null 2>&1 || missing+=(nodejs)
command -v npm > /dev/null 2>&1 || missing+=(npm)
if [ ${#missing[@]} -gt 0 ]; then
  echo "voxnav bootstrap: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  export DEBIAN_FRONTEND=noninteractive
  $sudo_cmd apt-get update -qq
  $sudo_cmd apt-get install -y -qq "${missing[@]}"
fi
