// SPDX-License-Identifier: MIT
/// @file profile.hpp
/// @brief AgentProfile: what one kind of NPC can do, as in the movement model.
///
///   voxnav::AgentProfile wolf;            // defaults: 1x2 humanoid walker
///   wolf.height = 1;
///   wolf.jump_distance = 2;
///   voxnav::AgentProfile ogre = voxnav::load_agent_profile("worlds/agents/brute.json");
///
/// JSON files hold an object with these keys; missing keys take the default,
/// unknown keys and out-of-range values throw ProfileError naming the key.
#pragma once

#include "voxnav/api.hpp"

#include <cmath>
#include <limits>
#include <map>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

struct AgentProfile {
    /// Body height (a Minecraft player: 1.8). Compared with block shapes in
    /// sixteenths of a voxel, rounded up. [Units: voxels] [Limit: 0.6..64]
    double height = 2;
    /// Footprint edge: the body is width x width in x and z. [Units: voxels] [Limit: 1..16]
    int width = 1;
    bool walk = true;  ///< same-level moves on land
    bool jump = true;  ///< jump up and leap over gaps
    bool fall = true;  ///< step off ledges
    bool swim = true;  ///< move in water, up and down in it
    bool fly = false;  ///< 26-neighbour moves through open space, no support needed
    /// Same-level walk and swim moves also use the 4 diagonals.
    bool diagonal = true;
    /// Most height climbed by one jump (a Minecraft player: 1.25), rounded
    /// down to sixteenths. [Units: voxels] [Limit: 0..64]
    double jump_height = 1;
    /// Largest rise (and drop) walked without a jump or fall: slabs, a
    /// stair's half steps, carpets, snow layers. Rounded down to sixteenths.
    /// [Units: voxels] [Limit: 0..64]
    double step_height = 0.6;
    /// Moves up and down ladders, vines and scaffolding.
    bool climb = true;
    /// [Units: voxels/s] [Limit: > 0]
    double climb_speed = 2.35;
    /// Open classes of doors, gates and trapdoors this agent opens ("hand",
    /// "powered", "owner"); any other closed one blocks it.
    std::vector<std::string> opens;
    /// Added to a move that enters a closed door's voxel. [Units: seconds] [Limit: >= 0]
    double open_time = 0.25;
    /// Longest drop into water. [Units: voxels] [Limit: >= 0; default: no limit]
    double max_fall_into_water = std::numeric_limits<double>::infinity();
    /// Widest gap leapt. [Units: voxels] [Limit: 0..64]
    int jump_distance = 0;
    /// Most voxels dropped onto solid ground (no limit onto water). [Units: voxels] [Limit: 0..2^20]
    int max_fall = 3;
    /// [Units: voxels/s] [Limit: > 0]
    double walk_speed = 4.3;
    /// [Units: voxels/s] [Limit: > 0]
    double swim_speed = 2.0;
    /// [Units: voxels/s] [Limit: > 0]
    double fly_speed = 1.0;
    /// Sets the air time of jumps and falls. [Units: voxels/s^2] [Limit: > 0]
    double gravity = 32.0;
    /// Digs through what is in the way: walk, jump and fall moves whose body
    /// voxels hold breakable solids (src/agent/moves/block_look.hpp: its route lists them under `dig`).
    bool dig = false;
    /// Multiplier of the break rate (a tool): a block takes
    /// hardness / dig_speed + dig_penalty seconds. [Limit: > 0]
    double dig_speed = 1.0;
    /// Added per block dug (Baritone adds 0.1 s; it also keeps the agent
    /// from digging where walking round costs about the same). [Units: seconds] [Limit: 0..1e9]
    double dig_penalty = 0.0;
    /// Block names (patterns: '*' any run of characters) never dug, e.g. a
    /// village's walls: {"*_planks", "cobblestone"}.
    std::vector<std::string> never_dig;
    /// Places blocks to stand on: bridges over a gap at the same level and
    /// pillars straight up (its route lists the blocks under `place`).
    bool place = false;
    /// [Units: seconds per block placed] [Limit: 0..1e9]
    double place_cost = 1.0;
    /// Blocks carried for placing: 0 cannot place; absent, unlimited. While
    /// set, the blocks left are part of the search state. [Limit: 0..max_blocks]
    std::optional<int> blocks;
    static constexpr int max_blocks = 65534;
    /// Block name -> cost multiplier for walking onto that floor. [Limit: >= 1, at most 15 distinct values]
    std::map<std::string, double> floor_cost;

    /// Throws ProfileError naming the first bad field.
    void validate() const;

    /// The capability to change the world on the way (dig or place): its
    /// rules read block ids (NavField::keep_blocks), its search state carries
    /// the blocks left, and what serves only agents that take the world as
    /// it is (flow fields and chases shared by many, landmark tables, jump
    /// points) routes it one by one instead. The one test every consumer asks.
    [[nodiscard]] bool changes_world() const { return dig || place; }

    /// The height in sixteenths of a voxel (rounded up) and in whole voxels
    /// (rounded up: the voxels a body on a full block fills).
    [[nodiscard]] int height16() const { return int(std::ceil(height * 16 - 1e-9)); }
    [[nodiscard]] int body_voxels() const { return (height16() + 15) / 16; }
    /// jump_height and step_height in sixteenths (rounded down), and the
    /// jump in whole voxels.
    [[nodiscard]] int jump16() const { return int(std::floor(jump_height * 16 + 1e-9)); }
    [[nodiscard]] int jump_voxels() const { return jump16() / 16; }
    [[nodiscard]] int step16() const { return int(std::floor(step_height * 16 + 1e-9)); }
    /// Bits of the open classes in `opens`: 1 hand, 2 powered, 4 owner.
    [[nodiscard]] unsigned open_mask() const;
};

class ProfileError : public std::runtime_error {
public:
    ProfileError(const std::string& source, const std::string& key, const std::string& message);
    /// The offending key ("" for whole-file problems such as bad JSON).
    [[nodiscard]] const std::string& key() const { return key_; }
    /// What is wrong, without the source and key.
    [[nodiscard]] const std::string& message() const { return message_; }

private:
    std::string key_, message_;
};

/// An agent profile checked once (AgentProfile::validate) and then shared,
/// immutable, by a navigator, its NavField and its movement rules, which
/// neither check nor copy it again: one validation per navigator, and no
/// profile copy per query (a query's floor-cost rules share it too). An
/// AgentProfile converts to one (validating) wherever one is asked for.
/// Cheap to copy (a shared pointer). Thread-safety: immutable, any thread.
class CheckedProfile {
public:
    /// Validates a copy of `profile`. Throws ProfileError naming the first bad field.
    CheckedProfile(const AgentProfile& profile);  // NOLINT(google-explicit-constructor): converts where asked
    [[nodiscard]] const AgentProfile& operator*() const { return *p_; }
    [[nodiscard]] const AgentProfile* operator->() const { return p_.get(); }
    operator const AgentProfile&() const { return *p_; }  // NOLINT(google-explicit-constructor)

private:
    std::shared_ptr<const AgentProfile> p_;
};

/// Parses a JSON profile. `source` names the file in error messages.
[[nodiscard]] AgentProfile parse_agent_profile(const std::string& json_text, const std::string& source = "profile");
[[nodiscard]] AgentProfile load_agent_profile(const std::string& path);
/// The profile as a JSON object with every key.
[[nodiscard]] std::string to_json(const AgentProfile& profile);

VOXNAV_API_END
}  // namespace voxnav
