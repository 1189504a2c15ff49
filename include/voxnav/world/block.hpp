// SPDX-License-Identifier: MIT
/// @file block.hpp
/// @brief Block types and the registry that numbers them.
///
/// Every voxel of a World holds a BlockId. Id 0 is always `air`. The registry
/// starts with the text format's defaults (air, stone, water, lava, mud) and a
/// world or importer adds its own:
///
///   voxnav::BlockRegistry reg;
///   voxnav::BlockId ice = reg.add("ice", voxnav::BlockKind::Solid);
///   voxnav::BlockShape slab;              // a bottom slab: collision 0..8/16
///   slab.top = 8;
///   voxnav::BlockId oak_slab = reg.add("oak_slab", voxnav::BlockKind::Solid, false, slab);
///
/// Shapes (BlockShape) carry what real blocks add to the kind: a collision
/// interval in sixteenths of a voxel (slabs, carpets, fences at 24/16), the
/// faces a stair is walked up from, ladders, doors and gates and whether
/// they are open, and damage. No block name means anything to the engine:
/// names live in the block tables and readers.
#pragma once

#include "voxnav/api.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

/// Block number stored per voxel. 0 is air. [Limit: < 65536 block types]
using BlockId = std::uint16_t;

/// What a block does to an agent's body.
enum class BlockKind : std::uint8_t {
    Air,     ///< passable, gives no support
    Solid,   ///< blocks the body, supports an agent standing on it
    Liquid,  ///< passable; a non-hazard liquid is water (swimmable)
};

/// Who can open a door, gate or trapdoor.
enum class OpenClass : std::uint8_t {
    None,     ///< not openable
    Hand,     ///< wooden doors, fence gates, wooden trapdoors
    Powered,  ///< iron doors and trapdoors (need redstone)
    Owner,    ///< locked doors only their owner opens (Luanti's steel doors and trapdoors)
};
/// The bit of an open class in an agent's set of classes
/// (AgentProfile::open_mask): 1 hand, 2 powered, 4 owner, 0 for None.
[[nodiscard]] constexpr unsigned open_bit(OpenClass c) { return c == OpenClass::None ? 0u : 1u << (unsigned(c) - 1u); }

/// What a block does to a body that touches it.
enum class Damage : std::uint8_t {
    None,
    Body,   ///< never inside the body (cactus, fire, berry bush, wither rose, powder snow)
    Floor,  ///< never inside the body and never stood on (magma, campfire)
};

/// The shape of a block type (of a block *state* where a format has states).
/// Heights are sixteenths of a voxel above the voxel's bottom.
struct BlockShape {
    /// Collision interval [bottom, top] of a solid (the default is the full
    /// cube 0..16). [Limit: bottom < top <= 24, bottom <= 15] A top above 16
    /// (fences, walls, closed gates: 24) reaches into the voxel above.
    std::uint8_t bottom = 0, top = 16;
    /// Faces from which a stair is walked up in two half steps: bit 0 the +x
    /// face, 1 -x, 2 +z, 3 -z (the low side of the stair). 0: not a stair.
    std::uint8_t stair_faces = 0;
    /// Ladders, vines, scaffolding: an agent with `climb` moves up and down in it.
    bool climbable = false;
    /// Doors, gates and trapdoors: who may open it, and whether it is open now
    /// (an open one has no collision).
    OpenClass open_class = OpenClass::None;
    bool open = false;
    Damage damage = Damage::None;
    /// A body inside the block (in any voxel of the body) walks at
    /// `inside_speed` of its open speed and sinks at `inside_vspeed` times
    /// its walking speed: the shipped cobweb, measured with
    /// prismarine-physics, 0.1135 and 0.0182. A move into or out of such a
    /// position pays the 0.8 of its voxel spent inside at that speed, one
    /// within it all of it; walks, swims and falls leave it, walks and swims
    /// enter it; no jump, climb or leap starts or ends there and no fall ends
    /// in it or passes through it (docs/movement.md, "Slow blocks").
    /// [Limit: inside_speed in (0, 1], inside_vspeed in (0, 4]]
    double inside_speed = 1.0, inside_vspeed = 1.0;
    /// A body standing on the block walks at `floor_speed` of its speed
    /// (soul sand and honey block 0.5809, measured: a walk onto it costs its
    /// time / 0.5809) and jumps `jump_factor` of its jump height (honey 0.2079).
    /// [Limit: each in (0, 1]]
    double floor_speed = 1.0, jump_factor = 1.0;

    /// Whether it slows or holds a body in any way (the speed fields above).
    [[nodiscard]] bool slows() const { return inside_speed != 1.0 || inside_vspeed != 1.0 || floor_speed != 1.0 || jump_factor != 1.0; }

    bool operator==(const BlockShape& o) const {
        return bottom == o.bottom && top == o.top && stair_faces == o.stair_faces && climbable == o.climbable &&
               open_class == o.open_class && open == o.open && damage == o.damage && inside_speed == o.inside_speed &&
               inside_vspeed == o.inside_vspeed && floor_speed == o.floor_speed && jump_factor == o.jump_factor;
    }
    bool operator!=(const BlockShape& o) const { return !(*this == o); }
};

/// What digging and placing need to know of a block (agents with `dig` or
/// `place`, src/agent/moves/block_look.hpp). Minecraft's values for every family are in
/// worlds/minecraft_blocks.txt.
struct BlockMaterial {
    /// Seconds to break the block by hand: an agent takes
    /// hardness / dig_speed + dig_penalty. +infinity: unbreakable (bedrock,
    /// barriers; doors, gates and trapdoors in the shipped table). Only
    /// colliding blocks are ever dug. [Units: seconds] [Limit: >= 0 or +inf]
    double hardness = 1.0;
    /// Falls when the block below it is dug (sand, gravel, concrete powder):
    /// the block below is then never dug.
    bool falls = false;
    /// A placed block may take its voxel (air, water, tall grass, snow layers).
    bool replaceable = false;

    /// The default of a kind: solids 1 s and fixed, air and liquids replaceable.
    [[nodiscard]] static BlockMaterial of(BlockKind kind) {
        BlockMaterial m;
        if (kind != BlockKind::Solid) m.hardness = 0.0, m.replaceable = true;
        return m;
    }
    [[nodiscard]] bool breakable() const { return hardness < 1e300; }
    bool operator==(const BlockMaterial& o) const { return hardness == o.hardness && falls == o.falls && replaceable == o.replaceable; }
    bool operator!=(const BlockMaterial& o) const { return !(*this == o); }
};

struct BlockType {
    std::string name;
    BlockKind kind = BlockKind::Air;
    /// Only meaningful for liquids: a hazard (lava) may never be inside the body.
    bool hazard = false;
    BlockShape shape;
    /// Hardness, falling and replaceable (BlockMaterial::of(kind) unless set).
    BlockMaterial material;

    [[nodiscard]] bool is_water() const { return kind == BlockKind::Liquid && !hazard; }
    /// True when the block has a collision now: a solid that is not an open door.
    [[nodiscard]] bool collides() const { return kind == BlockKind::Solid && !(shape.open_class != OpenClass::None && shape.open); }
    /// True when the block keeps a body out of its voxel as a whole: a full
    /// colliding cube, a hazard liquid, or a damaging block.
    [[nodiscard]] bool blocks_body() const {
        return collides() || (kind == BlockKind::Liquid && hazard) || shape.damage != Damage::None;
    }
    /// True when the block is more than air, a full cube or a liquid: a
    /// partial collision, a stair, a climbable, a door, a damaging floor or
    /// a block that slows a body. Chunks near such blocks carry extra facts
    /// (src/facts/fact.hpp).
    [[nodiscard]] bool is_shaped() const {
        return (kind == BlockKind::Solid && (shape.bottom != 0 || shape.top != 16 || shape.stair_faces != 0)) || shape.climbable ||
               shape.open_class != OpenClass::None || shape.damage == Damage::Floor || shape.slows();
    }
};

[[nodiscard]] const char* to_string(BlockKind kind);
/// Parses "air", "solid" or "liquid"; nullopt otherwise.
[[nodiscard]] std::optional<BlockKind> parse_block_kind(std::string_view text);
/// "none", "hand", "powered".
[[nodiscard]] const char* to_string(OpenClass c);
[[nodiscard]] std::optional<OpenClass> parse_open_class(std::string_view text);
/// "none", "body", "floor".
[[nodiscard]] const char* to_string(Damage d);
[[nodiscard]] std::optional<Damage> parse_damage(std::string_view text);
/// An empty string when the shape is valid for the kind, else why not.
[[nodiscard]] std::string shape_problem(BlockKind kind, const BlockShape& shape);

/// The shape family of a block type, for counts and legends: "passable"
/// (no collision: air, flowers, torches), "full"
/// (a full cube), "liquid", "hazard" (a hazard liquid), "slab" (a half voxel,
/// bottom or top), "stairs", "fence" (taller than a voxel: fences, walls),
/// "gate" (an openable fence), "door" (an openable full voxel), "trapdoor"
/// (an openable partial voxel), "climbable", "thin" (collision top below
/// 8/16: carpets, low snow), "partial" (any other interval: paths, soul sand,
/// beds), "damage" (hurts the body or the feet). Derived from the kind and
/// shape only, so it means the same for every format.
[[nodiscard]] const char* shape_family(const BlockType& type);

/// Whether `name` matches `pattern`, where '*' matches any run of characters
/// (the block table's patterns, a profile's never_dig). O(pattern x name).
[[nodiscard]] bool glob_matches(std::string_view pattern, std::string_view name);

/// Names and numbers block types. Ids are dense, in order of addition.
class BlockRegistry {
public:
    /// Holds air (id 0), stone, water, lava (hazard) and mud.
    BlockRegistry();

    /// Adds a block type, or returns the id of an identical one already present.
    /// Throws std::invalid_argument when the name exists with another kind,
    /// hazard flag or shape, when the shape is invalid (shape_problem), or
    /// when 65536 types exist.
    BlockId add(const std::string& name, BlockKind kind, bool hazard = false, const BlockShape& shape = {});
    /// Adds or redefines the named block (the text format's `legend` may redefine).
    BlockId define(const std::string& name, BlockKind kind, bool hazard = false, const BlockShape& shape = {});

    /// Sets a type's hardness, falling and replaceable (they do not change
    /// the derived facts; dig and place queries read them). Throws
    /// std::invalid_argument for an unknown id or a negative or NaN hardness.
    void set_material(BlockId id, const BlockMaterial& material);

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

VOXNAV_API_END
}  // namespace voxnav
