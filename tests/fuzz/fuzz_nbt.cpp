// libFuzzer target: the NBT reader and the chunk inflater on arbitrary bytes.
// Build: CXX=clang++ cmake -S . -B build-fuzz -DVOXNAV_FUZZ=ON && cmake --build build-fuzz --target fuzz_nbt
#include "voxnav/io/nbt.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    try {
        (void)voxnav::parse_nbt(data, size, "fuzz");
    } catch (const voxnav::NbtError&) {
    }
    try {
        const auto raw = voxnav::inflate(data, size, "fuzz", 1 << 20);
        (void)voxnav::parse_nbt(raw, "fuzz");
    } catch (const voxnav::NbtError&) {
    }
    return 0;
}
