/// @file block.hpp
/// @brief Block types and the registry that numbers them.
///
/// Every voxel of a World holds a BlockId. Id 0 is always `air`. The registry
/// starts with the text format's defaults (air, stone, water, lava, mud) and a
/// world or importer adds its own:
///
///   voxnav::BlockRegistry reg;
///   voxnav::BlockId ice = reg.add("ice", voxnav::BlockKind::Solid);
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace voxnav {

/// Block number stored per voxel. 0 is air. [Limit: < 65536 block types]
using BlockId = std::uint16_t;

/// What a block does to an agent's body.
enum class BlockKind : std::uint8_t {
    Air,     ///< passable, gives no support
    Solid,   ///< blocks the body, supports an agent standing on it
    Liquid,  ///< passable; a non-hazard liquid is water (swimmable)
};

struct BlockType {
    std::string name;
    BlockKind kind = BlockKind::Air;
    /// Only meaningful for liquids: a hazard (lava) may never be inside the body.
    bool hazard = false;

    [[nodiscard]] bool is_water() const { return kind == BlockKind::Liquid && !hazard; }
    /// True when the block keeps a body out: solid, or a hazard liquid.
    [[nodiscard]] bool blocks_body() const { return kind == BlockKind::Solid || (kind == BlockKind::Liquid && hazard); }
};

[[nodiscard]] const char* to_string(BlockKind kind);
/// Parses "air", "solid" or "liquid"; nullopt otherwise.
[[nodiscard]] std::optional<BlockKind> parse_block_kind(std::string_view text);

/// Names and numbers block types. Ids are dense, in order of addition.
class BlockRegistry {
public:
    /// Holds air (id 0), stone, water, lava (hazard) and mud.
    BlockRegistry();

    /// Adds a block type, or returns the id of an identical one already present.
    /// Throws std::invalid_argument when the name exists with another kind or
    /// hazard flag, or when 65536 types exist.
    BlockId add(const std::string& name, BlockKind kind, bool hazard = false);
    /// Adds or redefines the named block (the text format's `legend` may redefine).
    BlockId define(const std::string& name, BlockKind kind, bool hazard = false);

    [[nodiscard]] std::optional<BlockId> find(std::string_view name) const;
    [[nodiscard]] const BlockType& operator[](BlockId id) const { return types_[id]; }
    [[nodiscard]] std::size_t size() const { return types_.size(); }
    [[nodiscard]] const std::vector<BlockType>& types() const { return types_; }
    /// Changes whenever a type is added or redefined (for caches keyed on it).
    [[nodiscard]] std::uint64_t version() const { return version_; }

    static constexpr BlockId air = 0;

private:
    std::uint64_t version_ = 0;
    std::vector<BlockType> types_;
    std::unordered_map<std::string, BlockId> by_name_;
};

}  // namespace voxnav
