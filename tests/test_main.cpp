#define CATCH_CONFIG_RUNNER
#include <catch2/catch.hpp>

#include <tbb/global_control.h>

#include <memory>

#if defined(__SANITIZE_THREAD__)
#define VOXNAV_TESTS_TSAN 1
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define VOXNAV_TESTS_TSAN 1
#endif
#endif

int main(int argc, char* argv[]) {
#ifdef VOXNAV_TESTS_TSAN
    // ThreadSanitizer cannot see how TBB (used inside OpenVDB, e.g. to free a
    // tree) synchronises its workers, so TBB runs on the calling thread here.
    // voxnav's own threads (routing threads, the derivation's workers, which
    // are std::threads in this build) are still checked.
    const tbb::global_control serial(tbb::global_control::max_allowed_parallelism, 1);
#endif
    return Catch::Session().run(argc, argv);
}
