// SPDX-License-Identifier: MIT
#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <tbb/global_control.h>

#include "detail/tsan.hpp"

int main(int argc, char* argv[]) {
#ifdef VOXNAV_TSAN
    // TBB on the calling thread only (see src/detail/tsan.hpp); voxnav's
    // own threads are still checked.
    const tbb::global_control serial(tbb::global_control::max_allowed_parallelism, 1);
#endif
    return Catch::Session().run(argc, argv);
}
