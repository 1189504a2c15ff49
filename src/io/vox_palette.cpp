// SPDX-License-Identifier: MIT
// The .vox palette mapping: which MagicaVoxel colour is which block.
#include "voxnav/io/imports.hpp"

#include <nlohmann/json.hpp>

namespace voxnav {

std::map<int, std::string> parse_vox_palette(const std::string& json_text, const std::string& source) {
    nlohmann::json j;
    try {
        j = nlohmann::json::parse(json_text);
    } catch (const nlohmann::json::exception& e) {
        throw LoadError(source, 0, std::string("invalid JSON: ") + e.what());
    }
    if (!j.is_object()) throw LoadError(source, 0, "a palette mapping must be a JSON object {\"<index>\": \"<block name>\"}");
    std::map<int, std::string> out;
    for (const auto& [key, value] : j.items()) {
        int index = 0;
        std::size_t used = 0;
        try {
            index = std::stoi(key, &used);
        } catch (const std::exception&) {
            used = 0;
        }
        if (used == 0 || used != key.size() || index < 1 || index > 255)
            throw LoadError(source, 0, "key '" + key + "': palette index must be an integer 1..255");
        if (!value.is_string() || value.get<std::string>().empty())
            throw LoadError(source, 0, "key '" + key + "': the block name must be a non-empty string");
        out[index] = value.get<std::string>();
    }
    return out;
}

}  // namespace voxnav
