// SPDX-License-Identifier: MIT
// What libvoxnav.so exports: everything declared in voxnav's public headers,
// nothing else.
//
// The library is compiled with hidden visibility (-fvisibility=hidden), so
// its internals (src/), OpenVDB, TBB and the rest stay inside it. Each public
// header wraps its declarations in VOXNAV_API_BEGIN ... VOXNAV_API_END, which
// gives them default visibility: a game sees exactly the API the headers
// document. For a game including the headers, the two macros change nothing.
#pragma once

#if defined(__GNUC__) || defined(__clang__)
#define VOXNAV_API_BEGIN _Pragma("GCC visibility push(default)")
#define VOXNAV_API_END _Pragma("GCC visibility pop")
#else
#define VOXNAV_API_BEGIN
#define VOXNAV_API_END
#endif

// On the definitions (in src/) of the nested types a public class declares
// for its own use (its Impl), which would otherwise be exported with it.
#if defined(__GNUC__) || defined(__clang__)
#define VOXNAV_INTERNAL __attribute__((visibility("hidden")))
#else
#define VOXNAV_INTERNAL
#endif
