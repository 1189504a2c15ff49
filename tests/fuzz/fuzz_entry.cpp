// SPDX-License-Identifier: MIT
// libFuzzer entry point of one target, chosen at build time
// (VOXNAV_FUZZ_TARGET=<name>, see CMakeLists.txt and targets.hpp).
#include "targets.hpp"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    return voxnav::fuzz::VOXNAV_FUZZ_TARGET(data, size);
}
