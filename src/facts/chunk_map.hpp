// SPDX-License-Identifier: MIT
/// @file chunk_map.hpp
/// @brief ChunkMap<V>: a flat open-addressing map from chunk coordinates to
/// small values, for the bookkeeping of one NavField sync. A chunk crossing
/// at view radius 16 moves about 1,600 chunks and asks about the 27
/// neighbours of each: with std::unordered_set (a node allocation per insert,
/// a pointer chase per lookup) that bookkeeping cost more than deriving the
/// chunks' facts. Here an insert or lookup is a few probes into one array.
///
///   voxnav::detail::ChunkMap<std::uint8_t> seen;  // kept, so its memory is reused
///   bool added = false;
///   seen.insert(c, 1, added);
///   for (const voxnav::Voxel& c : seen.keys()) ...  // in insertion order
///   seen.clear();                                  // O(entries), not O(capacity)
///
/// Memory: 4 bytes per slot (at least 2 slots per entry) plus 12 bytes and
/// sizeof(V) per entry; grown only when a sync needs more than any before it.
/// Not thread-safe: one per writer. Errors: only std::bad_alloc.
#pragma once

#include "voxnav/world/box.hpp"

#include <cstdint>
#include <vector>

namespace voxnav::detail {

template <class V>
class ChunkMap {
public:
    /// The value of chunk `c`, inserting `fresh` when absent (`added` says so).
    /// The reference lives until the next insert.
    V& insert(const Voxel& c, const V& fresh, bool& added) {
        if (2 * (keys_.size() + 1) > slots_.size()) grow();
        std::size_t i = slot_of(c);
        const std::size_t mask = slots_.size() - 1;
        while (slots_[i] != 0) {
            const std::uint32_t k = slots_[i] - 1;
            if (keys_[k] == c) {
                added = false;
                return values_[k];
            }
            i = (i + 1) & mask;
        }
        keys_.push_back(c);
        values_.push_back(fresh);
        slots_[i] = std::uint32_t(keys_.size());
        added = true;
        return values_.back();
    }
    /// The chunks inserted since the last clear, in insertion order.
    [[nodiscard]] const std::vector<Voxel>& keys() const { return keys_; }
    /// The value of keys()[k].
    [[nodiscard]] const V& value(std::size_t k) const { return values_[k]; }
    [[nodiscard]] std::size_t size() const { return keys_.size(); }
    /// Forgets every entry: each one's slot is emptied (newest first, so every
    /// probe path still holds only entries not yet emptied), keeping the memory.
    void clear() {
        const std::size_t mask = slots_.size() - 1;
        for (std::size_t k = keys_.size(); k-- > 0;) {
            std::size_t i = slot_of(keys_[k]);
            while (slots_[i] != k + 1) i = (i + 1) & mask;
            slots_[i] = 0;
        }
        keys_.clear();
        values_.clear();
    }

private:
    [[nodiscard]] std::size_t slot_of(const Voxel& c) const {
        std::uint64_t h = std::uint64_t(std::uint32_t(c.x)) * 0x9E3779B97F4A7C15ull;
        h ^= std::uint64_t(std::uint32_t(c.y)) * 0xC2B2AE3D27D4EB4Full;
        h ^= std::uint64_t(std::uint32_t(c.z)) * 0x165667B19E3779F9ull;
        h ^= h >> 29;
        return std::size_t(h * 0x9E3779B97F4A7C15ull >> shift_);
    }
    void grow() {
        std::size_t size = slots_.empty() ? 1024 : slots_.size() * 2;
        while (size < 2 * (keys_.size() + 1)) size *= 2;
        slots_.assign(size, 0);
        shift_ = 64;
        for (std::size_t s = size; s > 1; s >>= 1) --shift_;
        const std::size_t mask = size - 1;
        for (std::size_t k = 0; k < keys_.size(); ++k) {
            std::size_t i = slot_of(keys_[k]);
            while (slots_[i] != 0) i = (i + 1) & mask;
            slots_[i] = std::uint32_t(k + 1);
        }
    }

    std::vector<std::uint32_t> slots_;  // 1 + index into keys_ and values_; 0 = empty
    std::vector<Voxel> keys_;
    std::vector<V> values_;
    unsigned shift_ = 64;
};

}  // namespace voxnav::detail
