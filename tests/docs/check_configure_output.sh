#!/usr/bin/env bash
# SPDX-License-Identifier: MIT
# A fresh configure of voxnav prints no Imath paragraph ("... does not
# exist") and no "COMPONENT = openvdb" from Debian's OpenVDB find module
# (docs/install.md, "Configuring: what CMake prints"), and still says which
# OpenVDB it found.
#   check_configure_output.sh SOURCE WORK
set -uo pipefail
source=$1 work=$2
rm -rf "$work" && mkdir -p "$work"
cmake -S "$source" -B "$work/build" -DVOXNAV_BUILD_TESTS=OFF -DVOXNAV_BUILD_TOOLS=OFF > "$work/out.log" 2>&1 \
  || { cat "$work/out.log"; echo "FAIL: the configure failed"; exit 1; }
status=0
for noise in "does not exist" "PyImath" "COMPONENT = "; do
  if grep -qF "$noise" "$work/out.log"; then echo "FAIL: the configure printed '$noise':"; grep -F -B2 -A2 "$noise" "$work/out.log"; status=1; fi
done
grep -q "^-- Found OpenVDB [0-9]" "$work/out.log" || { echo "FAIL: no '-- Found OpenVDB <version>' line"; status=1; }
[ $status -eq 0 ] && echo "configure output: $(wc -l < "$work/out.log") lines, no Imath or OpenVDB noise"
rm -rf "$work/build"
exit $status
