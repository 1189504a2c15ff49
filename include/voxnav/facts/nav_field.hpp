// SPDX-License-Identifier: MIT
/// @file nav_field.hpp
/// @brief NavField: the per-voxel facts the movement rules read (clear,
/// supported, in water, floor multiplier) for one agent *shape* (width,
/// height, floor costs), kept per 16^3 chunk, re-derived per changed chunk
/// from the world's change journal, and published as immutable snapshots.
///
///   auto field = voxnav::NavField::shared(world, profile);  // one per shape, shared
///   world.set_block({3, 1, 4}, stone);                       // game thread
///   field->sync(world);                                      // game thread: re-derive, publish
///   auto snap = field->snapshot();                           // any thread: the latest version
///
/// Which chunks have facts: the world's loaded chunks and the one-chunk ring
/// around them, inside the world's bounds (grown by one voxel) when it has
/// bounds. Everything else reads as void (blocked, no node).
///
/// Costs: the first sync derives every navigable chunk (in parallel). After
/// that, a sync re-derives only the chunks whose facts read a changed chunk:
/// the chunk itself, the chunk above (support reads one voxel below) and the
/// chunks within `width - 1` below in x and z and `height - 1` below in y;
/// and it touches the navigability of the 26 chunks around a loaded or
/// unloaded one. The plain-floor bits (src/facts/plain_floor.hpp) are then
/// re-derived for the chunks whose fact bytes changed and the chunks beside
/// and below them, whose bits read theirs. Publishing copies one pointer per 256 slots and the pages
/// that changed. A chunk of uniform facts costs no fact memory. A new shape
/// costs one full derivation (spread over TBB's workers; `voxnav live`
/// measures it, docs/live-worlds.md gives figures) and its own facts memory; agents
/// of the same shape share everything.
///
/// Thread-safety: sync() must be called from the thread that writes the
/// World (it reads the World), and not while that World is written; calls
/// are serialised by an internal mutex. snapshot() may be called from any
/// thread at any time and returns a version that never changes.
///
/// The facts themselves (NavSnapshot, src/facts/nav_snapshot.hpp) and the
/// derivation are internal (src/facts/): this header names a snapshot only
/// through a pointer and keeps the field's state behind one.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/agent/profile.hpp"
#include "voxnav/facts/node_id.hpp"
#include "voxnav/world/world.hpp"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace voxnav {
// Internal types the API holds by pointer (src/; not exported).
class NavSnapshot;

VOXNAV_API_BEGIN

/// What derived facts depend on: agents with equal shapes share a NavField.
/// Heights in sixteenths of a voxel; `reach_up` is how far above a position
/// the movement rules may ask for headroom (body, jump and a margin) [Units: voxels].
struct AgentShape {
    int width = 1, height16 = 32, reach_up = 7;
    bool climb = true;
    unsigned opens = 0;  ///< AgentProfile::open_mask()
    std::vector<std::pair<std::string, double>> floor_cost;  ///< sorted; multipliers > 1 only
    [[nodiscard]] static AgentShape of(const AgentProfile& p);
    /// Whole voxels of a body on a full block.
    [[nodiscard]] int body_voxels() const { return (height16 + 15) / 16; }
    bool operator==(const AgentShape& o) const {
        return width == o.width && height16 == o.height16 && reach_up == o.reach_up && climb == o.climb && opens == o.opens &&
               floor_cost == o.floor_cost;
    }
};


class NavField {
public:
    using Index = NodeId;                             ///< NavSnapshot::Index
    static constexpr Index no_index = node_id::none;  ///< NavSnapshot::no_index

    /// Derives the facts of `world` for the profile's shape and publishes
    /// them. Throws ProfileError for an invalid profile, std::length_error
    /// beyond 2^20 - 2 navigable chunks.
    NavField(const World& world, const CheckedProfile& profile);
    ~NavField();
    NavField(const NavField&) = delete;
    NavField& operator=(const NavField&) = delete;

    /// The field of this world and shape that other navigators already use,
    /// or a new one. Fields live while someone holds them.
    [[nodiscard]] static std::shared_ptr<NavField> shared(const World& world, const CheckedProfile& profile);

    /// Re-derives what changed in `world` since the last sync and publishes a
    /// new snapshot. Cheap when nothing changed. Game thread only (see above).
    /// Throws std::length_error beyond 2^20 - 2 navigable chunks (the facts
    /// then stay at the last good version).
    void sync(const World& world);

    /// Keeps a copy of the world's block ids (and block types) in every
    /// snapshot from now on: what dig and place queries read, so that they
    /// run on worker threads too. Game thread, like sync(): brings the facts
    /// up to date, copies every navigable chunk's blocks once (O(chunks)),
    /// and from then on each sync copies only the chunks that changed.
    /// Memory: 8 KiB per chunk whose blocks differ (chunks of one block share
    /// one copy; air chunks none). Navigators of digging and placing agents
    /// built with the World, and RouteService::add_agent for them, call it.
    void keep_blocks(const World& world);
    [[nodiscard]] bool keeps_blocks() const;

    /// The latest published version. Any thread; never blocks on sync().
    [[nodiscard]] std::shared_ptr<const NavSnapshot> snapshot() const;
    /// World revision of the latest published version.
    [[nodiscard]] std::uint64_t revision() const;
    [[nodiscard]] const AgentShape& shape() const;
    /// Id of the World this field was derived from (World::id()).
    [[nodiscard]] std::uint64_t world_id() const;

    /// Figures of the last sync: chunks re-derived, how many were uniform,
    /// seconds (all of it); chunks whose plain-floor bits were re-derived and
    /// the seconds that took (part of `seconds`).
    struct SyncStats {
        std::size_t derived = 0, uniform = 0, added = 0, removed = 0, plain_derived = 0;
        double seconds = 0.0, plain_seconds = 0.0;
        bool full = false;
    };
    [[nodiscard]] SyncStats last_sync() const;

    struct Impl;

private:
    std::unique_ptr<Impl> impl_;  // the writer's version, the derivation's state, the published snapshot (src/facts/nav_field.cpp)
};

VOXNAV_API_END
}  // namespace voxnav
