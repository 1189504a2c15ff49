// libFuzzer target: the MagicaVoxel reader on arbitrary bytes.
#include "voxnav/io/imports.hpp"

#include <cstddef>
#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    voxnav::World world;
    voxnav::ImportReport report;
    try {
        voxnav::import_vox_bytes(std::vector<std::uint8_t>(data, data + size), "fuzz.vox", world, report);
    } catch (const voxnav::LoadError&) {
    }
    return 0;
}
