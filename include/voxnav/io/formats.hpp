// SPDX-License-Identifier: MIT
/// @file formats.hpp
/// @brief Reading and writing worlds: the text format (.vxw), native OpenVDB
/// (.vdb) and the Moving AI benchmark maps (.map, .3dmap).
///
///   voxnav::World w = voxnav::load_world("worlds/demo.vxw");   // any format
///   voxnav::save_vdb(w, "demo.vdb");
///
/// Readers throw LoadError, whose message names the file and, where there is
/// one, the line: "demo.vxw:12: row has 7 characters, expected 8".
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/world/world.hpp"

#include <istream>
#include <stdexcept>
#include <string>

namespace voxnav {
VOXNAV_API_BEGIN

class LoadError : public std::runtime_error {
public:
    /// `line` 0 means the error has no line (binary files, missing files).
    LoadError(const std::string& file, int line, const std::string& message);
    [[nodiscard]] const std::string& file() const { return file_; }
    [[nodiscard]] int line() const { return line_; }
    /// The message without the "file:line: " prefix.
    [[nodiscard]] const std::string& detail() const { return detail_; }

private:
    std::string file_;
    int line_;
    std::string detail_;
};

enum class WorldFormat {
    Text, Vdb, MovingAi2D, MovingAi3D,
    AnvilRegion,   ///< r.X.Z.mca
    AnvilFolder,   ///< a folder of region files
    ChunkNbt,      ///< one chunk's NBT (.chunk, or .nbt holding a chunk)
    Structure,     ///< a Minecraft structure file (.nbt with size, palette and blocks)
    Schematic,     ///< Sponge .schem
    MagicaVoxel,   ///< .vox
    Unknown
};

/// Guesses a file's format from its first bytes, then from its extension.
[[nodiscard]] WorldFormat detect_world_format(const std::string& path);

/// Loads any supported world file (see imports.hpp for the Minecraft and
/// MagicaVoxel formats and their load report). Throws LoadError.
[[nodiscard]] World load_world(const std::string& path);

/// The text world format (docs/formats.md, "Text worlds"). `name` labels errors.
[[nodiscard]] World read_text_world(std::istream& in, const std::string& name);
[[nodiscard]] World load_text_world(const std::string& path);

/// Native format: the block tree plus registry, bounds, points and transform
/// as grid metadata.
void save_vdb(const World& world, const std::string& path);
[[nodiscard]] World load_vdb(const std::string& path);

/// Moving AI 2D grid map as a one-floor world: floor at y = 0 under every
/// cell, a 2-high wall (y = 1, 2) on every blocked cell; cell (x, y) is voxel
/// (x, 1, y); bounds x in [0, width), y in [0, 3), z in [0, height).
[[nodiscard]] World read_movingai_map(std::istream& in, const std::string& name);
[[nodiscard]] World load_movingai_map(const std::string& path);

/// Moving AI 3D voxel map: each listed voxel solid, bounds = the declared box.
[[nodiscard]] World read_movingai_3dmap(std::istream& in, const std::string& name);
[[nodiscard]] World load_movingai_3dmap(const std::string& path);

VOXNAV_API_END
}  // namespace voxnav
