// SPDX-License-Identifier: MIT
/// @file fact.hpp
/// @brief Fact: what the derived facts say about one position for one agent
/// shape (a position is where the agent's feet voxel, the min corner of its
/// footprint, would be): whether the body fits there, whether it would stand,
/// whether it is in water, whether it may be a waypoint at all, and which
/// floor-cost class it stands on.
///
///   voxnav::Fact f = snapshot[i];
///   if (f.standable() && !f.water()) ... f.floor_class() ...
///
/// Every reader of the facts goes through this type: the bit layout below is
/// known here and in the derivation that writes it (src/facts/derive_chunk.cpp),
/// nowhere else, so widening a fact (block shapes) is a change to this file.
///
/// Layout of the stored byte (Fact::Raw): bit 0 clear, bit 1 supported, bit 2
/// water, bit 3 node, bits 4..7 the floor class. [Limit: 16 floor classes]
///
/// A ninth bit (decided in issue 58, for crawl and boat moves): not in this
/// byte. A crawl is the facts of a second agent shape (the body lying down,
/// one voxel high), derived as every shape's are, read beside the standing
/// shape's; a boat rides positions that are water and unsupported, which
/// the bits already say. Only if a move needs a fact no shape can give, the
/// floor class gives up its top bit (8 classes: the shipped table's slow
/// blocks take three, a profile's floor costs one per distinct multiplier):
/// widening Raw to 16 bits would double the facts'
/// memory and halve the 16-positions-a-compare scans of the plain floor.
///
/// Thread-safety: a value type. Errors: none.
#pragma once

#include <cstdint>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace voxnav {

class Fact {
public:
    /// How facts are stored: 4096 of these per chunk.
    using Raw = std::uint8_t;
    /// Floor classes: indices into NavSnapshot::multipliers(). [Limit: 0..15]
    static constexpr unsigned floor_classes = 16;

    constexpr Fact() = default;
    constexpr explicit Fact(Raw raw) : raw_(raw) {}
    /// A fact from its parts (floor_class only counts for a dry supported position).
    [[nodiscard]] static constexpr Fact make(bool clear, bool supported, bool water, bool node, unsigned floor_class = 0) {
        return Fact(Raw((clear ? kClear : 0) | (supported ? kSupported : 0) | (water ? kWater : 0) | (node ? kNode : 0) |
                        (floor_class << kFloorShift)));
    }

    /// No solid or hazard voxel inside the body placed here.
    [[nodiscard]] constexpr bool clear() const { return raw_ & kClear; }
    /// Solid under the footprint, or water at the feet: the agent would not fall.
    [[nodiscard]] constexpr bool supported() const { return raw_ & kSupported; }
    /// Water in the footprint at feet level.
    [[nodiscard]] constexpr bool water() const { return raw_ & kWater; }
    /// A possible waypoint: in a navigable chunk and inside the world's bounds.
    [[nodiscard]] constexpr bool node() const { return raw_ & kNode; }
    /// Clear, supported node: where a ground agent can be.
    [[nodiscard]] constexpr bool standable() const { return (raw_ & kStandable) == kStandable; }
    /// Standable and not in water: where a ground agent walks, jumps and lands.
    [[nodiscard]] constexpr bool dry_standable() const { return (raw_ & (kStandable | kWater)) == kStandable; }
    /// Clear node: where a flyer can be.
    [[nodiscard]] constexpr bool clear_node() const { return (raw_ & (kClear | kNode)) == (kClear | kNode); }
    /// The floor-cost class of the floor under the footprint (the dearest of
    /// its voxels, or of a block in the body that slows it when dearer); in
    /// water only such a block's (a cobweb over the surface), else 0; 0 in
    /// the air.
    [[nodiscard]] constexpr unsigned floor_class() const { return unsigned(raw_) >> kFloorShift; }
    /// The stored form.
    [[nodiscard]] constexpr Raw raw() const { return raw_; }
    /// The bits that make a position a waypoint: clear_node() for a flyer,
    /// standable() otherwise; tested with has_all() in one compare.
    [[nodiscard]] static constexpr Raw waypoint_bits(bool flyer) { return flyer ? Raw(kClear | kNode) : kStandable; }
    [[nodiscard]] constexpr bool has_all(Raw bits) const { return (raw_ & bits) == bits; }

    constexpr bool operator==(Fact o) const { return raw_ == o.raw_; }
    constexpr bool operator!=(Fact o) const { return raw_ != o.raw_; }

    /// Of three stored facts (a row of x), which are clear (bits 0..2) and
    /// which are nodes (bits 3..5): what a flyer's neighbour reads test
    /// nine rows at a time (moves::Fly).
    [[nodiscard]] static constexpr unsigned clear_node_row(Raw a, Raw b, Raw c) {
        const std::uint32_t v = std::uint32_t(a) | std::uint32_t(b) << 8 | std::uint32_t(c) << 16;
        // kClear (bit 0) and kNode (bit 3) of each byte, gathered by one
        // multiply: the six bits land at 14..19 and no two products overlap.
        return ((v & 0x090909u) * 0x4081u >> 14) & 63u;
    }

    /// Of three stored facts (a row of x), which are standable in water
    /// (bits 0..2), clear (bits 3..5) and dry standable (bits 6..8): what
    /// swim runs (route/swim_runs.cpp) read nine rows at a time.
    [[nodiscard]] static constexpr unsigned water_row(Raw a, Raw b, Raw c) {
        const std::uint32_t v = std::uint32_t(a) | std::uint32_t(b) << 8 | std::uint32_t(c) << 16;
        const std::uint32_t standable = v & (v >> 1) & (v >> 3) & 0x010101u;  // kClear, kSupported and kNode
        const std::uint32_t water = (v >> 2) & 0x010101u;
        // Bit 0 of each byte gathered to bits 14..16 by one multiply.
        const auto gather = [](std::uint32_t x) { return (x * 0x4081u >> 14) & 7u; };
        return gather(standable & water) | gather(v & 0x010101u) << 3 | gather(standable & ~water & 0x010101u) << 6;
    }

    /// For 16 stored facts in a row (a chunk's x-row), bit i set where
    /// facts[i] is standable in water (swim), clear, and dry standable: what
    /// the swim run tables (facts/plain_water.cpp) read a row at a time.
    static void water_bits16(const Raw* facts, std::uint32_t& swim, std::uint32_t& clear, std::uint32_t& dry) {
        constexpr Raw kAll = kStandable | kWater;
#if defined(__SSE2__)
        const __m128i v = _mm_and_si128(_mm_loadu_si128(reinterpret_cast<const __m128i*>(facts)), _mm_set1_epi8(char(kAll)));
        swim = std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(char(kAll)))));
        dry = std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(char(kStandable)))));
        clear = std::uint32_t(_mm_movemask_epi8(_mm_slli_epi16(v, 7)));  // kClear (bit 0) to each byte's top bit
#else
        swim = clear = dry = 0;
        for (unsigned i = 0; i < 16; ++i) {
            const Raw r = Raw(facts[i] & kAll);
            swim |= std::uint32_t(r == kAll) << i;
            dry |= std::uint32_t(r == kStandable) << i;
            clear |= std::uint32_t(r & kClear) << i;
        }
#endif
    }

    /// The stored form of a dry standable fact, all classes aside (what the
    /// plain-floor scan tests 8 positions at a time) and the bits that decide it.
    static constexpr Raw dry_standable_pattern = 0x0B, dry_standable_mask = 0x0F;

private:
    static constexpr Raw kClear = 1, kSupported = 2, kWater = 4, kNode = 8;
    static constexpr Raw kStandable = kClear | kSupported | kNode;
    static constexpr unsigned kFloorShift = 4;
    static_assert(dry_standable_pattern == kStandable && dry_standable_mask == (kStandable | kWater), "pattern layout");
    static_assert(kClear == 1 && kNode == 8, "clear_node_row layout");
    static_assert(kClear == 1 && kSupported == 2 && kWater == 4 && kNode == 8, "water_row layout");
    Raw raw_ = 0;
};

/// Bit i (0..15) set when facts[i] is dry standable (Fact::dry_standable),
/// for 16 facts in a row (a chunk's x-row): what jump point scans test 16
/// positions at a time.
[[nodiscard]] inline std::uint32_t dry_standable_bits16(const Fact::Raw* facts) {
#if defined(__SSE2__)
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(facts));
    const __m128i m = _mm_and_si128(v, _mm_set1_epi8(char(Fact::dry_standable_mask)));
    return std::uint32_t(_mm_movemask_epi8(_mm_cmpeq_epi8(m, _mm_set1_epi8(char(Fact::dry_standable_pattern)))));
#else
    std::uint32_t bits = 0;
    for (unsigned i = 0; i < 16; ++i)
        bits |= std::uint32_t((facts[i] & Fact::dry_standable_mask) == Fact::dry_standable_pattern) << i;
    return bits;
#endif
}

/// ShapeFact: what a position in a chunk near shaped blocks (slabs, stairs,
/// fences, ladders, doors, damaging floors; world/block.hpp) adds to its
/// Fact, for one agent shape. Heights are sixteenths of a voxel; a
/// position's node is the voxel y it stands in, and its *surface* is where
/// its feet are: the highest top of a collision (or of a hazard) in
/// [y - 8/16, y + 8/16) under its footprint, or y itself when there is none.
///
///   voxnav::ShapeFact e = snapshot.shape_fact(i);
///   double feet_y = voxel.y + e.offset() / 16.0;
///
/// Layout of the stored 32 bits: bits 0..3 offset + 8, bit 4 topped, bits
/// 5..8 stair faces, bit 9 hold, bit 10 door, bit 11 needs open, bit 12
/// closed door here, bit 13 stuck, bit 14 low jump, bits 15..19 door span
/// (door_span_code), bits 20..31 headroom. Positions of other chunks read
/// as plain(): offset 0 and a headroom that only says "the body fits" (see
/// MovementModel's free()).
///
/// Thread-safety: a value type. Errors: none.
class ShapeFact {
public:
    using Raw = std::uint32_t;
    /// [Units: 1/16 voxel: 255 voxels; the tallest body (64) and its reach
    /// read above a chunk (NavField: body + jump + 4, at most 132) stay under 150]
    static constexpr unsigned headroom_limit = (1u << 12) - 1;

    /// A closed door's collision [lo, hi) in sixteenths of its voxel (hi up
    /// to 24: a gate rises half a voxel above its own), in 5 bits: codes
    /// 0..8 are [0, 16 + code), 9..23 are [code - 8, 16), 24..31 are
    /// [0, code - 23). A span none of them holds (real blocks have none: a
    /// door, a gate, a trapdoor shut at the bottom or the top) widens to the
    /// smallest one that covers it. The derivation's needs_open and the
    /// doors a route lists (NavSnapshot::doors_to_open) both read the coded
    /// span, so a step opens exactly the doors it lists.
    [[nodiscard]] static constexpr unsigned door_span_code(unsigned lo, unsigned hi) {
        if (hi > 16) return hi - 16 > 8 ? 8u : hi - 16;  // lo widened to 0
        if (lo > 0) return 8 + (lo > 15 ? 15 : lo);     // hi widened to 16
        if (hi >= 1 && hi <= 8) return 23 + hi;
        return 0;  // [0, 16), and [0, 9..15) widened to it
    }
    [[nodiscard]] static constexpr int door_span_lo(unsigned code) { return code >= 9 && code <= 23 ? int(code) - 8 : 0; }
    [[nodiscard]] static constexpr int door_span_hi(unsigned code) { return code <= 8 ? 16 + int(code) : code <= 23 ? 16 : int(code) - 23; }

    constexpr ShapeFact() = default;
    constexpr explicit ShapeFact(Raw raw) : raw_(raw) {}
    [[nodiscard]] static constexpr ShapeFact make(int offset, bool topped, unsigned stair_faces, bool hold, bool door,
                                                  bool needs_open, unsigned headroom, bool closed_door_here = false, bool stuck = false,
                                                  bool low_jump = false, unsigned door_span = 0) {
        return ShapeFact(Raw(unsigned(offset + 8) & 15u) | (topped ? 16u : 0u) | ((stair_faces & 15u) << 5) | (hold ? 1u << 9 : 0u) |
                         (door ? 1u << 10 : 0u) | (needs_open ? 1u << 11 : 0u) | (closed_door_here ? 1u << 12 : 0u) |
                         (stuck ? 1u << 13 : 0u) | (low_jump ? 1u << 14 : 0u) | (Raw(door_span & 31u) << 15) |
                         (Raw(headroom > headroom_limit ? headroom_limit : headroom) << 20));
    }
    /// What a position of a chunk far from shaped blocks reads as: on a full
    /// block (or nothing), `headroom` from the clear bit (a lower bound).
    [[nodiscard]] static constexpr ShapeFact plain(unsigned headroom) { return make(0, false, 0, false, false, false, headroom); }

    /// Surface height above the node's voxel bottom. [Units: 1/16 voxel] [-8..7]
    [[nodiscard]] constexpr int offset() const { return int(raw_ & 15u) - 8; }
    /// A top (of a collision or a hazard) lies in [y - 8/16, y + 8/16): the
    /// surface is that top. Otherwise the surface is y and nothing ends below it in that range.
    [[nodiscard]] constexpr bool topped() const { return raw_ & 16u; }
    /// Faces (bit 0 +x, 1 -x, 2 +z, 3 -z) from which the stair under the feet is walked up.
    [[nodiscard]] constexpr unsigned stair_faces() const { return (raw_ >> 5) & 15u; }
    /// A climbable block at the feet (a climbing agent's shape only).
    [[nodiscard]] constexpr bool hold() const { return raw_ & (1u << 9); }
    /// A door, gate or trapdoor (open or closed) in the body: no diagonal moves in or out.
    [[nodiscard]] constexpr bool door() const { return raw_ & (1u << 10); }
    /// The body fits only once a closed door of a class the agent opens is opened.
    [[nodiscard]] constexpr bool needs_open() const { return raw_ & (1u << 11); }
    /// This voxel (not the body standing in it) holds a closed door, gate or
    /// trapdoor of a class the agent opens: what a route lists as opened.
    [[nodiscard]] constexpr bool closed_door_here() const { return raw_ & (1u << 12); }
    /// A block in the body slows it (a cobweb: BlockShape::inside_speed or
    /// inside_vspeed < 1): walks, swims and falls start here and walks and
    /// swims end here, at the price of the time spent inside
    /// (moves::slow_cost); no jump, climb or leap starts or ends here and
    /// no fall ends here or passes through.
    [[nodiscard]] constexpr bool stuck() const { return raw_ & (1u << 13); }
    /// The floor under the feet lowers a jump (a honey block:
    /// BlockShape::jump_factor < 1): jumps from here rise at most the
    /// lowered height (MovementModel), and no leap starts here.
    [[nodiscard]] constexpr bool low_jump() const { return raw_ & (1u << 14); }
    /// Where closed_door_here: the door's collision span in its voxel
    /// (door_span_code), from its bottom... [Units: 1/16 voxel] [0..15]
    [[nodiscard]] constexpr int door_lo() const { return door_span_lo((raw_ >> 15) & 31u); }
    /// ...to its top, which a closed fence gate has half a voxel above its
    /// own, so in the body of a wide agent standing on the floor beside it.
    /// [Units: 1/16 voxel] [1..24]
    [[nodiscard]] constexpr int door_hi() const { return door_span_hi((raw_ >> 15) & 31u); }
    /// Free height above the surface in the footprint. [Units: 1/16 voxel]
    [[nodiscard]] constexpr unsigned headroom() const { return raw_ >> 20; }
    [[nodiscard]] constexpr Raw raw() const { return raw_; }

private:
    Raw raw_ = 0;
};

}  // namespace voxnav
