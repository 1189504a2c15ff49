#!/bin/sh
# SPDX-License-Identifier: MIT
# Runs Doxygen on the configured Doxyfile and shows its warnings.
#   run_doxygen.sh DOXYGEN DOXYFILE WARNING_LOG [--strict]
# DOXYGEN empty or missing: "SKIPPED: ..." and exit 77 (ctest's skip code).
# --strict (the ctest): exit 1 when Doxygen wrote any warning, printing them.
# Without it (the `docs` target): the warnings are printed, the build goes on.
doxygen=$1 doxyfile=$2 log=$3 strict=$4
if [ -z "$doxygen" ] || ! command -v "$doxygen" >/dev/null 2>&1; then
    echo "SKIPPED: doxygen is not installed (Debian: apt-get install doxygen)"
    exit 77
fi
rm -f "$log"
"$doxygen" "$doxyfile" || { echo "doxygen failed on $doxyfile"; exit 1; }
if [ -s "$log" ]; then
    echo "doxygen warnings ($(wc -l < "$log") lines, $log):"
    cat "$log"
    [ "$strict" = "--strict" ] && exit 1
    exit 0
fi
echo "doxygen: no warnings; the reference is in $(dirname "$log")/api/html/index.html"
