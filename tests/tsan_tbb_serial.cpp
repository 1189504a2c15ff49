// SPDX-License-Identifier: MIT
// Linked into the README examples in a -DVOXNAV_SANITIZE=thread build only.
// The examples are written as a game writes them, without capping TBB; but
// OpenVDB runs some of its own work on TBB workers (freeing a tree), and TBB
// synchronises inside libtbb, which ThreadSanitizer does not instrument. So
// TBB runs on the calling thread here (see src/detail/tsan.hpp); the
// examples' own threads are still checked.
#include <tbb/global_control.h>

static tbb::global_control tbb_on_calling_thread(tbb::global_control::max_allowed_parallelism, 1);
