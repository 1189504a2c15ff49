#!/bin/sh
# SPDX-License-Identifier: MIT
# Compiles a Lua file without running it: with LuaJIT (what Luanti runs the
# mod with) when installed, else with a luac. Neither: "SKIPPED: ..." and
# exit 77 (ctest's skip code); it never passes without compiling.
#   check_lua_syntax.sh FILE.lua
file=$1
if command -v luajit >/dev/null 2>&1; then
    echo "luajit -bl $file"
    luajit -bl "$file" >/dev/null && echo "compiles" && exit 0
    exit 1
fi
for luac in luac5.1 luac luac5.4 luac5.3; do
    if command -v "$luac" >/dev/null 2>&1; then
        echo "$luac -p $file"
        "$luac" -p "$file" && echo "compiles" && exit 0
        exit 1
    fi
done
echo "SKIPPED: neither luajit nor luac is installed (Debian: apt-get install luajit)"
exit 77
