// SPDX-License-Identifier: MIT
/// @file tsan.hpp
/// @brief VOXNAV_TSAN is defined in a ThreadSanitizer build (GCC or clang).
///
/// TBB synchronises its workers inside libtbb, which TSan does not
/// instrument, so TSan reports TBB's own bookkeeping (and OpenVDB's internal
/// TBB use, e.g. when a tree is freed) as races. Programs built for TSan cap
/// TBB at one thread (`tbb::global_control`); voxnav's own concurrency runs
/// on std::threads there (see src/facts/parallel_for.hpp), which TSan sees.
#pragma once

#if defined(__SANITIZE_THREAD__)
#define VOXNAV_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define VOXNAV_TSAN 1
#endif
#endif
