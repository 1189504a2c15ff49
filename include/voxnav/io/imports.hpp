// SPDX-License-Identifier: MIT
/// @file imports.hpp
/// @brief Real game worlds into a World: Minecraft Anvil regions (.mca, one
/// file or a world's region/ folder), single chunk NBT files, Sponge
/// schematics (.schem v2/v3) and MagicaVoxel models (.vox 150/200).
///
///   voxnav::World w;
///   voxnav::ImportReport report;
///   voxnav::ImportOptions opt;                       // optional box, offset, block table
///   voxnav::import_anvil_region("r.0.0.mca", w, report, opt);
///   // report.chunks_loaded, .chunks_skipped, .unknown_blocks, .errors
///
/// Minecraft block names become voxnav blocks through a MinecraftBlockTable,
/// an editable text file (worlds/minecraft_blocks.txt). A damaged chunk is
/// skipped and named in report.errors; a damaged file header throws LoadError.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/io/formats.hpp"
#include "voxnav/world/world.hpp"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

/// Minecraft block name -> voxnav kind and shape, plus pre-1.13 numeric
/// ids -> names. A rule may name how the block's state properties change
/// its shape (`states=`); the readers apply them (see the table's comments).
class MinecraftBlockTable {
public:
    /// Which state properties shape the block (Minecraft's meaning of them).
    enum class States : std::uint8_t {
        None,
        Slab,      ///< type=bottom|top|double: collision 0..8, 8..16 or 0..16
        Stairs,    ///< facing, half, shape: walked up towards `facing`; half=top is a full cube
        Door,      ///< open=true|false (both halves; the hinge does not matter to a whole-voxel door)
        Trapdoor,  ///< half=bottom|top: collision 0..3 or 13..16; open=true|false
        Gate,      ///< open=true|false
        Snow,      ///< layers=1..8: collision 2 x (layers - 1) sixteenths; 1 layer none
    };
    struct Rule {
        BlockKind kind = BlockKind::Solid;
        bool hazard = false;
        BlockShape shape;
        States states = States::None;
        /// Hardness, falling, replaceable: the line's words (hardness=N,
        /// unbreakable, falls, replaceable, fixed) over BlockMaterial::of(kind).
        BlockMaterial material = BlockMaterial::of(BlockKind::Solid);
        /// The properties of a line keyed by a state ("lantern[hanging=true]"
        /// gives "hanging=true"); "" for a bare name or a pattern. Readers
        /// name the block type after them, so each shape is one type.
        std::string state;
    };
    /// Reads the table format of worlds/minecraft_blocks.txt. Throws LoadError.
    [[nodiscard]] static MinecraftBlockTable load(const std::string& path);
    [[nodiscard]] static MinecraftBlockTable parse(std::istream& in, const std::string& name);
    /// The table shipped with voxnav, minecraft_blocks.txt, read once from the
    /// first of builtin_folders() that has it. Throws LoadError naming the
    /// folders tried when none has. Any thread.
    [[nodiscard]] static const MinecraftBlockTable& builtin();
    /// Where builtin() looks, in order: $VOXNAV_DATA_DIR; `<share>/voxnav`
    /// relative to the installed library (or the executable it is linked
    /// into), so an unpacked package works from any folder; the configured
    /// install folder; the source tree's worlds/.
    [[nodiscard]] static std::vector<std::string> builtin_folders();

    /// Rule for a block name ("minecraft:oak_slab" or "oak_slab") in a state:
    /// the first line keyed by properties the state has all of, else the
    /// bare name's line, else the first matching pattern; nullopt if unknown.
    [[nodiscard]] std::optional<Rule> classify(const std::string& name,
                                               const std::map<std::string, std::string>& properties = {}) const;
    /// Modern name for a pre-1.13 numeric id, or "" when the table lacks it.
    [[nodiscard]] std::string legacy_name(int id) const;

private:
    std::map<std::string, Rule> exact_;
    /// Lines keyed by state, per name, in file order: (properties, rule).
    std::map<std::string, std::vector<std::pair<std::map<std::string, std::string>, Rule>>> stated_;
    std::vector<std::pair<std::string, Rule>> patterns_;
    std::map<int, std::string> legacy_;
};

struct ImportOptions {
    /// Block table; nullptr means MinecraftBlockTable::builtin().
    const MinecraftBlockTable* table = nullptr;
    /// Only voxels inside this box are loaded.
    std::optional<VoxelBox> box;
    /// Added to every position (schematics and .vox models).
    Voxel offset{0, 0, 0};
    /// MagicaVoxel palette index (1..255) -> block name in the world's
    /// registry; unlisted colours are solid blocks named "vox_<index>".
    std::map<int, std::string> vox_palette;
};

struct ImportReport {
    std::uint64_t chunks_loaded = 0;
    std::uint64_t chunks_skipped = 0;  ///< present but not fully generated
    std::uint64_t voxels_written = 0;  ///< non-air voxels
    std::map<std::string, std::uint64_t> unknown_blocks;  ///< name -> voxels (loaded as solid)
    std::vector<std::string> errors;   ///< damaged chunks, each skipped
    std::vector<std::string> notes;    ///< things ignored, e.g. .vox rotations
};

void import_anvil_region(const std::string& path, World& world, ImportReport& report, const ImportOptions& options = {});
/// Every r.X.Z.mca file of a folder (a world's region/ folder).
void import_anvil_folder(const std::string& dir, World& world, ImportReport& report, const ImportOptions& options = {});
/// One chunk's NBT (compressed or not), as in fastnbt's .chunk/.nbt test files.
void import_chunk_nbt(const std::string& path, World& world, ImportReport& report, const ImportOptions& options = {});
void import_schematic(const std::string& path, World& world, ImportReport& report, const ImportOptions& options = {});
/// A Minecraft structure file (.nbt, gzip-compressed: `size`, `palette` of
/// {Name, Properties} (or `palettes`, of which the first is read), `blocks`
/// of {pos, state}), the form builds and villages are shared in. Positions
/// are placed at options.offset. Throws LoadError naming the file.
void import_structure(const std::string& path, World& world, ImportReport& report, const ImportOptions& options = {});
void import_vox(const std::string& path, World& world, ImportReport& report, const ImportOptions& options = {});
/// The same from bytes in memory; `name` labels errors.
void import_vox_bytes(const std::vector<std::uint8_t>& bytes, const std::string& name, World& world, ImportReport& report,
                      const ImportOptions& options = {});

/// A .vox palette mapping: JSON {"<palette index 1..255>": "<block name>"}.
/// Throws LoadError naming `source` and the bad key.
[[nodiscard]] std::map<int, std::string> parse_vox_palette(const std::string& json_text, const std::string& source);

/// Any loadable world (text, vdb, Moving AI, Minecraft, schematic, vox, or a
/// folder of region files), with its import report.
[[nodiscard]] World load_world(const std::string& path, ImportReport& report, const ImportOptions& options = {});

VOXNAV_API_END
}  // namespace voxnav
