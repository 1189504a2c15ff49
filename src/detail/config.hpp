// SPDX-License-Identifier: MIT
/// @file config.hpp
/// @brief Compiler settings the library's inline code shares (internal detail).
#pragma once

// Forces the search's per-move callbacks inline: they run tens of millions of
// times a second and the compiler otherwise keeps them out of line.
#if defined(__GNUC__) || defined(__clang__)
#define VOXNAV_INLINE __attribute__((always_inline))
#else
#define VOXNAV_INLINE
#endif
