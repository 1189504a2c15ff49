# SPDX-License-Identifier: MIT
# Writes the Luanti mod's voxnav_cdef.lua: the declarations between the
# "BEGIN FFI" and "END FFI" markers of voxnav.h, comments and the export
# macro removed, as a Lua string for LuaJIT's ffi.cdef. Generated from the
# header at build time, so the mod and the library cannot disagree.
# Usage: cmake -DHEADER=voxnav.h -DOUT=voxnav_cdef.lua -P make_cdef.cmake
file(READ ${HEADER} text)
string(FIND "${text}" "BEGIN FFI" begin)
string(FIND "${text}" "/* END FFI */" end)
if(begin EQUAL -1 OR end EQUAL -1)
  message(FATAL_ERROR "${HEADER}: no BEGIN FFI / END FFI markers")
endif()
string(SUBSTRING "${text}" ${begin} -1 rest)
string(FIND "${rest}" "*/" close)
math(EXPR start "${begin} + ${close} + 2")
math(EXPR length "${end} - ${start}")
string(SUBSTRING "${text}" ${start} ${length} decls)
string(REGEX REPLACE "/\\*([^*]|\\*+[^*/])*\\*+/" "" decls "${decls}")
string(REPLACE "VOXNAV_C_API " "" decls "${decls}")
string(REGEX REPLACE "\n[ \t]*\n+" "\n" decls "${decls}")
file(WRITE ${OUT} "-- Generated from include/voxnav/voxnav.h by tools/luanti/make_cdef.cmake: do not edit.\nreturn [==[\n${decls}\n]==]\n")
