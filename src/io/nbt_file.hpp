// SPDX-License-Identifier: MIT
// A whole NBT file (gzip-compressed or not) read and parsed: what Sponge
// schematics and structure files are.
#pragma once

#include "voxnav/io/formats.hpp"
#include "voxnav/io/nbt.hpp"

#include <fstream>
#include <string>
#include <vector>

namespace voxnav::detail {

/// Throws LoadError when the file cannot be opened, NbtError when its
/// compression or NBT is damaged.
inline NbtValue read_nbt_file(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    if (!f) throw LoadError(path, 0, "cannot open file");
    std::vector<std::uint8_t> raw(std::istreambuf_iterator<char>(f), {});
    if (raw.size() >= 2 && raw[0] == 0x1f && raw[1] == 0x8b) raw = inflate(raw.data(), raw.size(), path);
    return parse_nbt(raw, path);
}

}  // namespace voxnav::detail
