// SPDX-License-Identifier: MIT
/// @file nbt.hpp
/// @brief A small, bounds-checked reader of Minecraft's NBT (Named Binary
/// Tag) format, and the zlib/gzip inflation that wraps it.
///
///   std::vector<std::uint8_t> raw = voxnav::inflate(bytes, "r.0.0.mca chunk (3, 4)");
///   voxnav::NbtValue root = voxnav::parse_nbt(raw, "r.0.0.mca chunk (3, 4)");
///   if (const auto* s = root.find("sections", voxnav::NbtTag::List)) ...
///
/// Every length is checked against the bytes that remain before anything is
/// allocated; nesting is limited to 512 levels. Errors throw NbtError naming
/// the source and byte offset.
#pragma once

#include "voxnav/api.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

enum class NbtTag : std::uint8_t {
    End = 0, Byte, Short, Int, Long, Float, Double, ByteArray, String, List, Compound, IntArray, LongArray
};

class NbtError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

struct NbtValue {
    NbtTag tag = NbtTag::End;
    std::int64_t integer = 0;  ///< Byte, Short, Int, Long
    double real = 0.0;         ///< Float, Double
    std::string string;
    std::vector<std::int8_t> bytes;
    std::vector<std::int32_t> ints;
    std::vector<std::int64_t> longs;
    NbtTag list_tag = NbtTag::End;
    std::vector<NbtValue> list;
    std::vector<std::pair<std::string, NbtValue>> compound;

    /// Member of a compound, or nullptr (also when the tag differs).
    [[nodiscard]] const NbtValue* find(std::string_view key) const;
    [[nodiscard]] const NbtValue* find(std::string_view key, NbtTag tag) const;
    [[nodiscard]] bool is_integer() const {
        return tag == NbtTag::Byte || tag == NbtTag::Short || tag == NbtTag::Int || tag == NbtTag::Long;
    }
};

/// Parses one named root tag (normally a compound). `source` labels errors.
[[nodiscard]] NbtValue parse_nbt(const std::uint8_t* data, std::size_t size, const std::string& source);
[[nodiscard]] inline NbtValue parse_nbt(const std::vector<std::uint8_t>& data, const std::string& source) {
    return parse_nbt(data.data(), data.size(), source);
}

/// Inflates zlib or gzip data (detected from the header). Throws NbtError on
/// corrupt input or output beyond `max_output` bytes.
[[nodiscard]] std::vector<std::uint8_t> inflate(const std::uint8_t* data, std::size_t size, const std::string& source,
                                                std::size_t max_output = std::size_t(256) << 20);

VOXNAV_API_END
}  // namespace voxnav
