// SPDX-License-Identifier: MIT
#include "voxnav/facts/nav_field.hpp"
#include "world/block_store.hpp"

#include "derive_chunk.hpp"
#include "read_box.hpp"
#include "facts/chunk_map.hpp"
#include "facts/block_geo.hpp"
#include "facts/block_traits.hpp"
#include "facts/nav_snapshot.hpp"
#include "facts/plain_floor.hpp"
#include "facts/plain_water.hpp"

#include "parallel_for.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <tuple>
#include <type_traits>
#include <unordered_map>
#include <unordered_set>

namespace voxnav {
namespace {

bool valid_chunk(const glm::i64vec3& c) {
    return c.x >= World::min_chunk && c.x <= World::max_chunk && c.y >= World::min_chunk && c.y <= World::max_chunk &&
           c.z >= World::min_chunk && c.z <= World::max_chunk;
}

template <class F>
void for_each_around(const Voxel& c, F&& f) {
    for (int dy = -1; dy <= 1; ++dy)
        for (int dz = -1; dz <= 1; ++dz)
            for (int dx = -1; dx <= 1; ++dx) {
                const glm::i64vec3 n = glm::i64vec3(c) + glm::i64vec3(dx, dy, dz);
                if (valid_chunk(n)) f(Voxel(n), dx, dy, dz);
            }
}

// Registry behind NavField::shared: one field per (world, shape) while used.
struct Registry {
    std::mutex mutex;
    std::multimap<std::uint64_t, std::weak_ptr<NavField>> fields;  // by world id
};
Registry& registry() {
    static Registry r;
    return r;
}

}  // namespace

static_assert(std::is_same_v<NavField::Index, NavSnapshot::Index> && NavField::no_index == NavSnapshot::no_index,
              "NavField names the snapshot's node ids");

// The field's state: the writer's version and what the derivation keeps,
// behind NavField's pointer so that its header needs no fact internals.
struct VOXNAV_INTERNAL NavField::Impl {
    Impl(const World& world, const CheckedProfile& profile);

    void sync(const World& world);
    void keep_blocks(const World& world);
    [[nodiscard]] SyncStats last_sync() const;

    void rebuild(const World& world);
    void update(const World& world, const std::vector<Voxel>& changed);
    /// Step 1 of update: adds the chunks that became navigable (their slots
    /// to `added`) and removes those that stopped being (their links, read
    /// before, to `removed_links`).
    void update_navigable(const World& world, const std::vector<Voxel>& changed, std::vector<std::uint32_t>& added,
                          std::vector<std::array<std::uint32_t, node_id::link_count>>& removed_links);
    /// Whether a chunk gets facts: inside the bounds, with a loaded chunk
    /// around it. `beside_loaded`: the caller knows a loaded chunk lies around it.
    bool navigable(const World& world, const Voxel& chunk, bool beside_loaded = false) const;
    std::uint32_t add_slot(const Voxel& chunk);
    void remove_slot(std::uint32_t slot);
    void derive(const World& world, const std::vector<std::uint32_t>& slots);
    /// Whether the chunk lies near a shaped block: its facts carry shapes.
    [[nodiscard]] bool near_shaped(const Voxel& chunk) const;
    /// Chunk offsets (lo, hi inclusive) from a chunk to the world chunks near_shaped reads.
    void shaped_range(glm::ivec3& lo, glm::ivec3& hi) const;
    /// Re-scans whether world chunk c holds a shaped block; true when that changed.
    bool rescan_shaped(const World& world, const Voxel& c);
    void derive_plain(const std::vector<std::uint32_t>& slots, const std::vector<detail::LocalBox>& boxes);
    void set_plain(std::uint32_t slot, std::shared_ptr<const ChunkPlain> block, detail::PlainCounts counts);
    /// Records this sync's changed chunks (facts_changed_) in the journal
    /// the next snapshot carries; `full`: everything was derived again.
    void note_changes(std::uint64_t revision, bool full);
    void publish(std::uint64_t revision);
    /// Copies the block ids of `slots`' chunks (and the block types when the
    /// registry changed) into the writer's version.
    void copy_blocks(const World& world, const std::vector<std::uint32_t>& slots);
    /// Whether b is the one shared copy of a chunk of one block.
    [[nodiscard]] bool shared_blocks(const std::shared_ptr<const ChunkBlocks>& b) const;
    [[nodiscard]] std::shared_ptr<const ChunkFacts> uniform_block(Fact::Raw value);
    [[nodiscard]] bool is_mixed(const std::shared_ptr<const ChunkFacts>& block) const;

    AgentShape shape_;
    std::uint64_t world_id_ = 0;
    std::shared_ptr<const FloorClasses> floors_;      // the shape's floor classes, by name
    std::shared_ptr<const BlockTraitsTable> traits_;  // per block id, of the registry at coded_version_ (published)
    // The facts' own compact forms of traits_, per block id: what the
    // derivations read in their inner loops.
    std::vector<std::uint8_t> block_code_;  // blocks body / solid / water / shaped / floor index
    std::vector<detail::BlockGeo> block_geo_;  // for the shaped derivation
    std::unordered_set<Voxel, ChunkHash> shaped_world_;  // loaded world chunks holding a shaped block
    bool any_shaped_type_ = false;
    bool coded_ = false;                    // block_code_ matches the registry at coded_version_
    std::size_t coded_types_ = 0;           // block types coded then
    std::uint64_t coded_version_ = 0;
    NavSnapshot work_;                      // the writer's version, published by copy
    std::vector<std::uint32_t> free_slots_;
    std::vector<std::uint32_t> facts_changed_;  // slots whose fact bytes derive() changed (this sync)
    std::shared_ptr<const FactChanges> changes_;  // the journal published with the snapshots
    std::vector<std::uint32_t> plain_mark_;     // per slot: 1 + its place in this sync's plain work, or 0
    // update()'s bookkeeping, kept so a crossing allocates little once warm:
    // the chunks that arrive, and per slot whether it changed, lies around
    // a changed chunk, or is already to be derived.
    detail::ChunkMap<std::uint8_t> new_chunks_;
    std::vector<std::uint8_t> changed_mark_, around_mark_, dirty_mark_;
    std::vector<std::uint8_t> changed_loaded_;  // World::is_loaded of each changed chunk, this sync
    std::vector<detail::PlainCounts> plain_counts_;  // per slot, behind the snapshot's totals
    static_assert(sizeof(Fact::Raw) == 1, "uniform_ keeps one block per fact value");
    std::array<std::shared_ptr<const ChunkFacts>, 256> uniform_{};
    std::optional<VoxelBox> bounds_;
    std::atomic<bool> built_{false};
    mutable std::mutex sync_mutex_;
    SyncStats stats_;
    std::shared_ptr<const NavSnapshot> current_;
    std::atomic<std::uint64_t> revision_{0};
    std::atomic<bool> keep_blocks_{false}, blocks_pending_{false};  // kept; every chunk still to copy
    std::uint64_t blocks_types_version_ = ~std::uint64_t(0);
    std::unordered_map<BlockId, std::shared_ptr<const ChunkBlocks>> uniform_blocks_;  // chunks of one block
    std::vector<std::uint32_t> added_slots_;  // slots added by this sync
    // The published transform, readable without the lock (a torn read only
    // sends sync down the locked path).
    std::atomic<double> transform_published_[4] = {1.0, 0.0, 0.0, 0.0};
    [[nodiscard]] bool transform_published(const WorldTransform& t) const;
};

AgentShape AgentShape::of(const AgentProfile& p) {
    AgentShape s;
    s.width = p.width;
    s.height16 = p.height16();
    s.reach_up = p.body_voxels() + p.jump_voxels() + 4;
    s.climb = p.climb;
    s.opens = p.open_mask();
    for (const auto& [name, m] : p.floor_cost)
        if (m > 1) s.floor_cost.emplace_back(name, m);
    std::sort(s.floor_cost.begin(), s.floor_cost.end());
    return s;
}

std::shared_ptr<NavField> NavField::shared(const World& world, const CheckedProfile& profile) {
    const AgentShape shape = AgentShape::of(*profile);
    Registry& r = registry();
    std::lock_guard<std::mutex> lock(r.mutex);
    // Forget fields nobody holds any more (of any world), then look for ours.
    for (auto it = r.fields.begin(); it != r.fields.end();) it = it->second.expired() ? r.fields.erase(it) : std::next(it);
    auto [lo, hi] = r.fields.equal_range(world.id());
    for (auto it = lo; it != hi; ++it)
        if (auto f = it->second.lock())
            if (f->shape() == shape) return f;
    auto f = std::make_shared<NavField>(world, profile);
    r.fields.emplace(world.id(), f);
    return f;
}

NavField::NavField(const World& world, const CheckedProfile& profile) : impl_(std::make_unique<Impl>(world, profile)) {}
NavField::~NavField() = default;

void NavField::sync(const World& world) { impl_->sync(world); }
void NavField::keep_blocks(const World& world) { impl_->keep_blocks(world); }
bool NavField::keeps_blocks() const { return impl_->keep_blocks_.load(std::memory_order_acquire); }
std::shared_ptr<const NavSnapshot> NavField::snapshot() const { return std::atomic_load(&impl_->current_); }
std::uint64_t NavField::revision() const { return impl_->revision_.load(std::memory_order_acquire); }
const AgentShape& NavField::shape() const { return impl_->shape_; }
std::uint64_t NavField::world_id() const { return impl_->world_id_; }
NavField::SyncStats NavField::last_sync() const { return impl_->last_sync(); }

NavField::Impl::Impl(const World& world, const CheckedProfile& profile)
    : shape_(AgentShape::of(*profile)), world_id_(world.id()),
      floors_(std::make_shared<const FloorClasses>(shape_.floor_cost)) {
    work_.multipliers_ = floors_->multipliers();
    sync(world);
}

void NavField::Impl::sync(const World& world) {
    // Up to date: no lock, so many navigators of an unchanging world never wait.
    if (built_.load(std::memory_order_acquire) && world.revision() == revision_.load(std::memory_order_acquire) &&
        transform_published(world.transform()) && !blocks_pending_.load(std::memory_order_acquire))
        return;
    std::lock_guard<std::mutex> lock(sync_mutex_);
    if (built_.load(std::memory_order_relaxed) && world.revision() == revision_.load(std::memory_order_relaxed) &&
        !blocks_pending_.load(std::memory_order_relaxed)) {
        // Only the game-space transform changed: publish it with the same facts.
        if (world.transform() != work_.transform_) {
            work_.transform_ = world.transform();
            publish(world.revision());
        }
        return;
    }
    work_.transform_ = world.transform();
    const auto t0 = std::chrono::steady_clock::now();
    // Block traits and codes again only when the registry changed, not on every edit.
    const BlockRegistry& reg = world.blocks();
    if (block_code_.size() != 65536) block_code_.assign(65536, 0);
    const bool recode = !coded_ || reg.version() != coded_version_;
    // A type that was already coded and now codes differently changes the
    // facts of chunks that did not change: then everything is derived again.
    // Types added since only appear in changed chunks.
    bool recoded_existing = false;
    if (recode) {
        // A new table even when only materials changed (hardness, falling,
        // replaceable): the dig rules read them; the facts then stay as they are.
        // Floor classes count the registry's slowing blocks (soul sand, cobweb):
        // a new one may add a class; classes of types already coded that
        // move make their codes differ below, and everything is derived again.
        auto floors = std::make_shared<const FloorClasses>(shape_.floor_cost, &reg);
        if (!(*floors == *floors_)) {
            floors_ = std::move(floors);
            work_.multipliers_ = floors_->multipliers();
        }
        traits_ = std::make_shared<const BlockTraitsTable>(reg, shape_, floors_);
        block_geo_.resize(reg.size());
        any_shaped_type_ = false;
    }
    for (std::size_t id = 0; recode && id < reg.size(); ++id) {
        const BlockTraits& t = (*traits_)[static_cast<BlockId>(id)];
        any_shaped_type_ = any_shaped_type_ || t.shaped;
        const std::uint8_t code = detail::block_code_of(t);
        const detail::BlockGeo g = detail::block_geo_of(t);
        if (coded_ && id < coded_types_ && (block_code_[id] != code || !(block_geo_[id] == g))) recoded_existing = true;
        block_code_[id] = code;
        block_geo_[id] = g;
    }
    if (recode) coded_types_ = reg.size();
    coded_ = true;
    coded_version_ = reg.version();
    stats_ = {};
    std::vector<Voxel> changed;
    added_slots_.clear();
    bool full = false;
    if (!built_.load(std::memory_order_relaxed) || recoded_existing ||
        !world.changed_chunks_since(revision_.load(std::memory_order_relaxed), changed) || !(world.bounds() == bounds_))
    {
        rebuild(world);
        note_changes(world.revision(), true);
        full = true;
    } else {
        update(world, changed);
        note_changes(world.revision(), false);
    }
    if (keep_blocks_.load(std::memory_order_relaxed)) {
        // Every slot after a rebuild or the first copy, else the chunks that
        // changed and the slots that arrived.
        std::vector<std::uint32_t> slots;
        if (full || blocks_pending_.load(std::memory_order_relaxed)) {
            for (std::uint32_t sl = 1; sl < work_.slots_.size(); ++sl)
                if (work_.slot_of(work_.slots_[sl].chunk) == sl) slots.push_back(sl);  // live (not a free slot)
        } else {
            slots = added_slots_;
            for (const Voxel& c : changed)
                if (const std::uint32_t sl = work_.slot_of(c); sl != 0) slots.push_back(sl);
            // A chunk both added and written is copied once.
            std::sort(slots.begin(), slots.end());
            slots.erase(std::unique(slots.begin(), slots.end()), slots.end());
        }
        copy_blocks(world, slots);
        blocks_pending_.store(false, std::memory_order_release);
    }
    publish(world.revision());
    built_.store(true, std::memory_order_release);
    stats_.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

NavField::SyncStats NavField::Impl::last_sync() const {
    std::lock_guard<std::mutex> lock(sync_mutex_);
    return stats_;
}

bool NavField::Impl::navigable(const World& world, const Voxel& chunk, bool beside_loaded) const {
    if (bounds_) {
        // Chunks meeting the bounds grown by one voxel: the voxels just
        // outside still need facts (a flyer's corner, a leap's headroom).
        const VoxelBox cb = chunk_box(chunk);
        const VoxelBox grown = bounds_->grown(Voxel(1), Voxel(1));
        if (cb.intersected(grown).empty()) return false;
    }
    if (beside_loaded) return true;
    bool any = false;
    for_each_around(chunk, [&](const Voxel& n, int, int, int) { any = any || world.is_loaded(n); });
    return any;
}

void NavField::Impl::rebuild(const World& world) {
    stats_.full = true;
    const std::array<double, 16> mult = work_.multipliers_;
    const std::uint64_t layout = work_.layout_;
    work_ = NavSnapshot();
    work_.layout_ = layout + 1;  // never repeats: slots are handed out anew
    plain_counts_.clear();
    work_.multipliers_ = mult;
    free_slots_.clear();
    bounds_ = world.bounds();
    work_.bounds_ = bounds_;
    shaped_world_.clear();
    if (any_shaped_type_)
        for (const Voxel& c : world.loaded_chunks()) rescan_shaped(world, c);
    std::unordered_set<Voxel, ChunkHash> wanted;
    for (const Voxel& c : world.loaded_chunks())
        for_each_around(c, [&](const Voxel& n, int, int, int) {
            if (!wanted.count(n) && navigable(world, n)) wanted.insert(n);
        });
    std::vector<Voxel> order(wanted.begin(), wanted.end());
    // Slots in space order, chunks near each other in nearby slots and pages:
    // tiles of 4 x 4 columns, each column's chunks together. A player
    // crossing a chunk border moves a plane of columns (x or z constant):
    // its slots are then a few runs per tile, so a sync copies a few pages
    // of each array (PagedArray) where an order by height copied them all.
    auto tile = [](int v) { return v >= 0 ? v / 4 : -((-v + 3) / 4); };
    std::sort(order.begin(), order.end(), [&](const Voxel& a, const Voxel& b) {
        return std::make_tuple(tile(a.x), tile(a.z), a.x, a.z, a.y) < std::make_tuple(tile(b.x), tile(b.z), b.x, b.z, b.y);
    });
    std::vector<std::uint32_t> slots;
    slots.reserve(order.size());
    for (const Voxel& c : order) {
        slots.push_back(add_slot(c));
        work_.slots_.edit(slots.back()).loaded = world.is_loaded(c);
    }
    stats_.added = slots.size();
    derive(world, slots);
    derive_plain(slots, std::vector<detail::LocalBox>(slots.size()));
}

void NavField::Impl::update(const World& world, const std::vector<Voxel>& changed_list) {
    // The journal lists a chunk once per write: each once here.
    std::vector<Voxel> changed(changed_list);
    std::sort(changed.begin(), changed.end(),
              [](const Voxel& a, const Voxel& b) { return std::tie(a.y, a.z, a.x) < std::tie(b.y, b.z, b.x); });
    changed.erase(std::unique(changed.begin(), changed.end()), changed.end());
    // 1. Navigability: a chunk is navigable while a chunk around it is loaded.
    std::vector<std::uint32_t> dirty;
    // The neighbour slots of each chunk that leaves (its facts read as void
    // from now on) and, later, of each chunk whose facts changed: the
    // plain-floor bits around them are re-derived in step 3.
    std::vector<std::array<std::uint32_t, node_id::link_count>> plain_sources;
    update_navigable(world, changed, dirty, plain_sources);
    // Every chunk whose loaded state changes is written (set_chunk,
    // set_block, unload_chunk), so only the changed ones can move; the
    // world was asked once, above. (A slot starts not loaded.)
    for (std::size_t i = 0; i < changed.size(); ++i)
        if (const std::uint32_t s = work_.slot_of(changed[i]); s != 0 && work_.slots_[s].loaded != bool(changed_loaded_[i]))
            work_.slots_.edit(s).loaded = changed_loaded_[i];
    // 2. Facts: every chunk whose derivation reads a changed chunk's blocks:
    // the plain derivation reads the body's reach, the shaped one also two
    // voxels below and reach_up above; and every chunk near a changed chunk
    // that gained or lost its last shaped block (its derivation changes kind).
    const int rx = (shape_.width - 1 + 15) / 16, ry = (shape_.body_voxels() - 1 + 15) / 16;
    const int ry_shaped = (shape_.reach_up + 15) / 16;
    if (dirty_mark_.size() < work_.slots_.size()) dirty_mark_.resize(work_.slots_.size(), 0);
    for (std::uint32_t s : dirty) dirty_mark_[s] = 1;
    auto mark = [&](const Voxel& c, const glm::ivec3& lo, const glm::ivec3& hi, bool shaped_only) {
        for (int dy = lo.y; dy <= hi.y; ++dy)
            for (int dz = lo.z; dz <= hi.z; ++dz)
                for (int dx = lo.x; dx <= hi.x; ++dx) {
                    const glm::i64vec3 n = glm::i64vec3(c) + glm::i64vec3(dx, dy, dz);
                    if (!valid_chunk(n)) continue;
                    const std::uint32_t s = work_.slot_of(Voxel(n));
                    if (s == 0 || (shaped_only && !work_.slots_[s].shapes)) continue;
                    if (!dirty_mark_[s]) {
                        dirty_mark_[s] = 1;
                        dirty.push_back(s);
                    }
                }
    };
    glm::ivec3 near_lo, near_hi;
    shaped_range(near_lo, near_hi);
    for (const Voxel& c : changed) {
        mark(c, {-rx, -ry, -rx}, {0, 1, 0}, false);
        mark(c, {-rx, -ry_shaped, -rx}, {0, 1, 0}, true);
        if (any_shaped_type_ && rescan_shaped(world, c)) mark(c, -near_hi, -near_lo, false);
    }
    for (std::uint32_t s : dirty) dirty_mark_[s] = 0;
    derive(world, dirty);
    // 3. Plain-floor bits: a voxel's bit reads its 8 neighbours at its level
    // and the voxels above its 4 side neighbours, so a chunk whose facts
    // changed (or that left) moves the bits of the chunks beside it and of
    // those below them; and only their rim: the face layer beside it, the
    // top layer below it. The swim run tables read the lines below a run
    // too, so the chunks above are re-derived as well (their plain bits only
    // in the bottom layer, which reads nothing of the chunk below: a no-op).
    // Neighbours are found through the slot links (no hashing: a crossing
    // moves thousands of chunks) and marked per slot.
    for (std::uint32_t s : facts_changed_) {
        std::array<std::uint32_t, node_id::link_count> links;
        std::copy(std::begin(work_.slots_[s].link), std::end(work_.slots_[s].link), links.begin());
        plain_sources.push_back(links);
    }
    if (plain_mark_.size() < work_.slots_.size()) plain_mark_.resize(work_.slots_.size(), 0);
    std::vector<std::uint32_t> plain_dirty;
    std::vector<detail::LocalBox> plain_boxes;
    for (const auto& links : plain_sources)
        for (int dy = -1; dy <= 1; ++dy)
            for (int dz = -1; dz <= 1; ++dz)
                for (int dx = -1; dx <= 1; ++dx) {
                    const std::uint32_t s = links[std::size_t(node_id::link(dx, dy, dz))];
                    if (s == 0) continue;
                    detail::LocalBox rim;
                    const int d[3] = {dx, dy, dz};
                    for (int k = 0; k < 3; ++k)
                        if (d[k] != 0) rim.lo[k] = rim.hi[k] = d[k] > 0 ? 0 : 15;
                    if (plain_mark_[s] == 0) {
                        plain_dirty.push_back(s);
                        plain_boxes.push_back(rim);
                        plain_mark_[s] = std::uint32_t(plain_dirty.size());
                        continue;
                    }
                    detail::LocalBox& b = plain_boxes[plain_mark_[s] - 1];
                    for (int k = 0; k < 3; ++k) {
                        b.lo[k] = std::min(b.lo[k], rim.lo[k]);
                        b.hi[k] = std::max(b.hi[k], rim.hi[k]);
                    }
                }
    for (std::uint32_t s : plain_dirty) plain_mark_[s] = 0;
    derive_plain(plain_dirty, plain_boxes);
}

void NavField::Impl::update_navigable(const World& world, const std::vector<Voxel>& changed,
                                      std::vector<std::uint32_t>& added,
                                      std::vector<std::array<std::uint32_t, node_id::link_count>>& removed_links) {
    // Only chunks around a changed chunk can change: a loaded one makes the
    // 27 around it navigable; an unloaded one may leave those around it
    // without a loaded neighbour. The neighbours of a chunk with a slot are
    // its links, so a crossing (about 1,600 changed chunks, 27 neighbours
    // each) reads arrays instead of hashing every neighbour; only chunks
    // without a slot are looked up.
    if (changed_mark_.size() < work_.slots_.size()) changed_mark_.resize(work_.slots_.size(), 0);
    if (around_mark_.size() < work_.slots_.size()) around_mark_.resize(work_.slots_.size(), 0);
    std::vector<std::uint32_t> changed_slots;
    // Per slot around a changed chunk: 2 when a loaded changed chunk is
    // among its neighbours (it stays or becomes navigable), else 1 (to be
    // checked). Chunks without a slot beside a loaded changed chunk: to add.
    std::vector<std::uint32_t> around;
    new_chunks_.clear();
    auto note = [&](std::uint32_t m, const Voxel& n, bool loaded) {
        if (m == 0) {
            bool fresh = false;
            if (loaded) new_chunks_.insert(n, 0, fresh);
            return;
        }
        if (around_mark_[m] == 0) around.push_back(m);
        around_mark_[m] = std::max<std::uint8_t>(around_mark_[m], loaded ? 2 : 1);
    };
    changed_loaded_.resize(changed.size());
    for (std::size_t i = 0; i < changed.size(); ++i) {
        const Voxel& c = changed[i];
        const bool loaded = world.is_loaded(c);
        changed_loaded_[i] = loaded;
        const std::uint32_t s = work_.slot_of(c);
        if (s != 0) {
            changed_mark_[s] = 1;  // read only when deciding, below
            changed_slots.push_back(s);
        }
        // A chunk without a slot was not navigable: nothing around it was
        // loaded (or it lies outside the bounds), so only its loading matters.
        if (s == 0 && !loaded && !bounds_) continue;
        for_each_around(c, [&](const Voxel& n, int dx, int dy, int dz) {
            note(s != 0 ? work_.slots_[s].link[node_id::link(dx, dy, dz)] : work_.slot_of(n), n, loaded);
        });
    }
    // Slots to check: navigable iff a chunk around is loaded. Unchanged
    // chunks are as loaded as at their last derivation (slot.loaded); loaded
    // changed ones marked their neighbours 2 above. Without bounds every
    // loaded chunk has a slot, so the links see them all; with bounds a
    // loaded chunk outside them has none, and the world is asked.
    std::vector<std::uint32_t> leaving;
    for (const std::uint32_t m : around) {
        if (around_mark_[m] == 2) continue;
        bool want = false;
        if (bounds_) {
            want = navigable(world, work_.slots_[m].chunk);
        } else {
            const ChunkSlot& slot = work_.slots_[m];
            for (int d = 0; d < node_id::link_count && !want; ++d) {
                const std::uint32_t l = slot.link[d];
                want = l != 0 && !changed_mark_[l] && work_.slots_[l].loaded;
            }
        }
        if (!want) leaving.push_back(m);
    }
    for (const std::uint32_t m : around) around_mark_[m] = 0;
    for (const std::uint32_t s : changed_slots) changed_mark_[s] = 0;
    // Leaving first, so that arriving chunks reuse their slots.
    for (const std::uint32_t m : leaving) {
        std::array<std::uint32_t, node_id::link_count> links;
        std::copy(std::begin(work_.slots_[m].link), std::end(work_.slots_[m].link), links.begin());
        links[std::size_t(node_id::link(0, 0, 0))] = 0;  // the slot itself is free now
        removed_links.push_back(links);
        remove_slot(m);
        ++stats_.removed;
    }
    for (const Voxel& n : new_chunks_.keys()) {
        if (bounds_ && !navigable(world, n, true)) continue;
        added.push_back(add_slot(n));
        ++stats_.added;
    }
}

std::uint32_t NavField::Impl::add_slot(const Voxel& chunk) {
    std::uint32_t s;
    if (!free_slots_.empty()) {
        s = free_slots_.back();
        free_slots_.pop_back();
    } else {
        if (work_.slots_.size() >= NavSnapshot::max_slots)
            throw std::length_error("navigation facts: more than 2^20 - 2 navigable chunks for one agent shape");
        s = static_cast<std::uint32_t>(work_.slots_.size());
        ChunkSlot empty = work_.slots_[0];
        work_.slots_.grow(s + 1, empty);
        work_.owners_.grow(s + 1, nullptr);
        work_.plain_owners_.grow(s + 1, nullptr);
        // shape_owners_ grows only when a shaped chunk arrives: worlds of
        // full blocks pay nothing for it.
    }
    ChunkSlot& slot = work_.slots_.edit(s);
    slot.chunk = chunk;
    slot.bits = work_.slots_[0].bits;  // void until derived
    slot.plain = work_.slots_[0].plain;
    slot.shapes = nullptr;
    slot.loaded = false;  // set by the caller when the chunk is loaded
    for_each_around(chunk, [&](const Voxel& n, int dx, int dy, int dz) {
        if (dx == 0 && dy == 0 && dz == 0) return;
        const std::uint32_t m = work_.slot_of(n);
        work_.slots_.edit(s).link[node_id::link(dx, dy, dz)] = m;
        if (m != 0) work_.slots_.edit(m).link[node_id::link(-dx, -dy, -dz)] = s;
    });
    work_.slots_.edit(s).link[node_id::link(0, 0, 0)] = s;
    work_.table_insert(chunk, s);
    added_slots_.push_back(s);
    ++work_.chunks_;
    ++work_.layout_;
    const VoxelBox one{chunk, chunk + Voxel(1)};
    work_.chunk_box_ = work_.chunk_box_.united(one);
    return s;
}

void NavField::Impl::remove_slot(std::uint32_t s) {
    const ChunkSlot old = work_.slots_[s];
    for (int d = 0; d < node_id::link_count; ++d) {
        const std::uint32_t m = old.link[d];
        if (m != 0 && m != s) work_.slots_.edit(m).link[node_id::opposite_link(d)] = 0;
    }
    ChunkSlot& slot = work_.slots_.edit(s);
    slot = work_.slots_[0];
    if (is_mixed(work_.owners_[s])) --work_.mixed_chunks_;
    work_.owners_.edit(s) = nullptr;
    if (s < work_.shape_owners_.size() && work_.shape_owners_[s]) {
        --work_.shaped_chunks_;
        work_.shape_owners_.edit(s) = nullptr;
    }
    set_plain(s, nullptr, {});
    if (s < work_.block_owners_.size() && work_.block_owners_[s]) {
        if (!shared_blocks(work_.block_owners_[s])) --work_.block_chunks_;
        work_.block_owners_.edit(s) = nullptr;
    }
    work_.table_erase(old.chunk);
    --work_.chunks_;
    ++work_.layout_;
    free_slots_.push_back(s);
}

bool NavField::Impl::is_mixed(const std::shared_ptr<const ChunkFacts>& block) const {
    return block && block != uniform_[block->bits[0]];
}

std::shared_ptr<const ChunkFacts> NavField::Impl::uniform_block(Fact::Raw value) {
    if (!uniform_[value]) {
        auto block = std::make_shared<ChunkFacts>();
        block->bits.fill(value);
        uniform_[value] = std::move(block);
    }
    return uniform_[value];
}

void NavField::Impl::derive(const World& world, const std::vector<std::uint32_t>& slots) {
    facts_changed_.clear();
    if (slots.empty()) return;
    const detail::BlockTree& tree = detail::grid_of(world).tree();
    struct Result {
        std::shared_ptr<ChunkFacts> mixed;
        std::shared_ptr<ChunkShapes> shapes;
        Fact::Raw uniform = 0;
    };
    std::vector<char> near(slots.size(), 0);
    for (std::size_t i = 0; i < slots.size(); ++i) near[i] = !shaped_world_.empty() && near_shaped(work_.slots_[slots[i]].chunk);
    detail::ShapeParams params;
    params.width = shape_.width;
    params.height16 = shape_.height16;
    params.reach_up = shape_.reach_up;
    std::vector<Result> results(slots.size());
    // Per worker: scratch buffers, and a block kept for the next chunk when
    // this one turned out uniform (no allocation for the common case).
    struct Worker {
        detail::DeriveScratch scratch;
        std::shared_ptr<ChunkFacts> spare;
    };
    auto one = [&](Worker& w, std::size_t i) {
        if (!w.spare) w.spare = std::make_shared<ChunkFacts>();
        bool uniform;
        if (near[i]) {
            results[i].shapes = std::make_shared<ChunkShapes>();
            uniform = detail::derive_shapes(tree, block_geo_, params, bounds_, work_.slots_[slots[i]].chunk, w.scratch,
                                            w.spare->bits.data(), results[i].shapes->facts.data());
        } else {
            uniform = detail::derive_chunk(tree, block_code_, shape_.width, shape_.body_voxels(), bounds_,
                                           work_.slots_[slots[i]].chunk, w.scratch, w.spare->bits.data());
        }
        if (uniform)
            results[i].uniform = w.spare->bits[0];
        else
            results[i].mixed = std::move(w.spare);
    };
    detail::for_each_chunk<Worker>(slots.size(), one);
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const std::uint32_t s = slots[i];
        const bool was_mixed = is_mixed(work_.owners_[s]);
        std::shared_ptr<const ChunkFacts> block;
        if (results[i].mixed) {
            block = std::move(results[i].mixed);
        } else {
            block = uniform_block(results[i].uniform);
            ++stats_.uniform;
        }
        work_.mixed_chunks_ += std::size_t(is_mixed(block)) - std::size_t(was_mixed);
        const auto& old = work_.owners_[s];
        const auto old_shapes = s < work_.shape_owners_.size() ? work_.shape_owners_[s] : nullptr;
        const auto& shapes = results[i].shapes;
        const bool bits_changed = !old || (old != block && old->bits != block->bits);
        const bool shapes_changed = (old_shapes != nullptr) != (shapes != nullptr) || (shapes && old_shapes->facts != shapes->facts);
        if (bits_changed || shapes_changed) facts_changed_.push_back(s);
        if (old_shapes || shapes) {
            work_.shaped_chunks_ += std::size_t(shapes != nullptr) - std::size_t(old_shapes != nullptr);
            work_.slots_.edit(s).shapes = shapes ? shapes->facts.data() : nullptr;
            work_.shape_owners_.grow(s + 1, nullptr);
            work_.shape_owners_.edit(s) = std::move(results[i].shapes);
        }
        work_.slots_.edit(s).bits = block->bits.data();
        work_.owners_.edit(s) = std::move(block);
    }
    stats_.derived += slots.size();
}

void NavField::Impl::shaped_range(glm::ivec3& lo, glm::ivec3& hi) const {
    // Voxels read around a chunk's positions, for them or for their
    // neighbours' moves: one aside (and the footprint), jump_voxels + 3 below, reach_up above.
    const int below = shape_.reach_up - shape_.body_voxels() - 1;
    lo = glm::ivec3(-1, -((below + 15) / 16), -1);
    hi = glm::ivec3((16 + shape_.width) / 16, (15 + shape_.reach_up) / 16, (16 + shape_.width) / 16);
}

bool NavField::Impl::near_shaped(const Voxel& chunk) const {
    glm::ivec3 lo, hi;
    shaped_range(lo, hi);
    for (int dy = lo.y; dy <= hi.y; ++dy)
        for (int dz = lo.z; dz <= hi.z; ++dz)
            for (int dx = lo.x; dx <= hi.x; ++dx) {
                const glm::i64vec3 n = glm::i64vec3(chunk) + glm::i64vec3(dx, dy, dz);
                if (valid_chunk(n) && shaped_world_.count(Voxel(n))) return true;
            }
    return false;
}

bool NavField::Impl::rescan_shaped(const World& world, const Voxel& c) {
    bool any = false;
    if (world.is_loaded(c)) {
        thread_local std::vector<std::uint8_t> codes;
        codes.resize(4096);
        detail::read_box(detail::grid_of(world).tree(), glm::i64vec3(c) * std::int64_t(16), Voxel(16), codes.data(),
                         [&](BlockId id) { return std::uint8_t(block_code_[id] & detail::kShaped); });
        any = std::any_of(codes.begin(), codes.end(), [](std::uint8_t v) { return v != 0; });
    }
    const bool was = shaped_world_.count(c) != 0;
    if (any) shaped_world_.insert(c);
    else shaped_world_.erase(c);
    return any != was;
}

void NavField::Impl::set_plain(std::uint32_t s, std::shared_ptr<const ChunkPlain> block, detail::PlainCounts counts) {
    if (plain_counts_.size() <= s) plain_counts_.resize(s + 1);
    detail::PlainCounts& old = plain_counts_[s];
    work_.floor_voxels_ += std::uint64_t(counts.floor) - old.floor;
    work_.plain_voxels_ += std::uint64_t(counts.plain) - old.plain;
    old = counts;
    // The same block (or none again): nothing to edit, so pages stay shared.
    if (block == work_.plain_owners_[s]) return;
    work_.plain_chunks_ += std::size_t(block != nullptr) - std::size_t(work_.plain_owners_[s] != nullptr);
    const auto swims = [](const std::shared_ptr<const ChunkPlain>& p) { return std::size_t(p && p->swim_owner); };
    work_.swim_chunks_ += swims(block) - swims(work_.plain_owners_[s]);
    work_.slots_.edit(s).plain = block ? block.get() : work_.slots_[0].plain;
    work_.plain_owners_.edit(s) = std::move(block);
}

void NavField::Impl::derive_plain(const std::vector<std::uint32_t>& slots, const std::vector<detail::LocalBox>& boxes) {
    if (slots.empty()) return;
    const auto t0 = std::chrono::steady_clock::now();
    // Workers read work_ (its facts are final for this sync) and write only
    // their own result; the slots are then edited on this thread.
    std::vector<std::shared_ptr<ChunkPlain>> results(slots.size());
    std::vector<detail::PlainCounts> counts(slots.size());
    struct Worker {
        std::shared_ptr<ChunkPlain> spare;
    };
    auto one = [&](Worker& w, std::size_t i) {
        // Most chunks are open sky or solid rock: no floor, nothing to read.
        const auto& facts = work_.owners_[slots[i]];
        if (!facts || (!is_mixed(facts) && !Fact(facts->bits[0]).dry_standable() && !Fact(facts->bits[0]).water())) return;
        if (slots[i] < work_.shape_owners_.size() && work_.shape_owners_[slots[i]]) return;  // near shaped blocks: no plain floor (jump points stay out)
        if (!w.spare) w.spare = std::make_shared<ChunkPlain>();
        const auto& old = work_.plain_owners_[slots[i]];
        const detail::PlainCounts before = plain_counts_.size() > slots[i] ? plain_counts_[slots[i]] : detail::PlainCounts{};
        counts[i] = detail::derive_plain_bits(work_, slots[i], w.spare->words.data(), boxes[i],
                                              old ? old->words.data() : nullptr, before);
        std::shared_ptr<const SwimTables> swims = detail::derive_swim_lanes(work_, slots[i]);
        if (counts[i].plain > 0 || swims) {
            detail::derive_plain_lanes(work_, slots[i], *w.spare);
            w.spare->set_swim(std::move(swims));
            results[i] = std::move(w.spare);
        }
    };
    detail::for_each_chunk<Worker>(slots.size(), one);
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const std::uint32_t s = slots[i];
        const auto& old = work_.plain_owners_[s];
        // Unchanged bits keep their block, so published pages stay shared.
        if (old && results[i] && old->words == results[i]->words && old->go_x == results[i]->go_x && old->go_z == results[i]->go_z &&
            old->edge_x == results[i]->edge_x && old->edge_z == results[i]->edge_z && *old->swim == *results[i]->swim)
            results[i] = std::const_pointer_cast<ChunkPlain>(old);
        set_plain(s, std::move(results[i]), counts[i]);
    }
    stats_.plain_derived += slots.size();
    stats_.plain_seconds += std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

bool NavField::Impl::transform_published(const WorldTransform& t) const {
    return transform_published_[0].load(std::memory_order_relaxed) == t.voxel_size &&
           transform_published_[1].load(std::memory_order_relaxed) == t.origin.x &&
           transform_published_[2].load(std::memory_order_relaxed) == t.origin.y &&
           transform_published_[3].load(std::memory_order_relaxed) == t.origin.z;
}

void NavField::Impl::note_changes(std::uint64_t revision, bool full) {
    if (full || !changes_) {
        auto c = std::make_shared<FactChanges>();
        c->known_after = revision;
        changes_ = std::move(c);
        return;
    }
    if (facts_changed_.empty()) return;
    // A new journal per sync that changed facts: O(kept) copies, 24 KB at most.
    auto c = std::make_shared<FactChanges>();
    const std::size_t total = changes_->chunks.size() + facts_changed_.size();
    const std::size_t drop = total > FactChanges::kKept ? std::min(total - FactChanges::kKept, changes_->chunks.size()) : 0;
    c->known_after = drop > 0 ? changes_->revisions[drop - 1] : changes_->known_after;
    if (facts_changed_.size() > FactChanges::kKept) {
        c->known_after = revision;  // too many at once: nothing before this version is known
    } else {
        c->revisions.assign(changes_->revisions.begin() + std::ptrdiff_t(drop), changes_->revisions.end());
        c->chunks.assign(changes_->chunks.begin() + std::ptrdiff_t(drop), changes_->chunks.end());
        for (std::uint32_t s : facts_changed_) {
            c->revisions.push_back(revision);
            c->chunks.push_back(work_.slots_[s].chunk);
        }
    }
    changes_ = std::move(c);
}

bool NavField::Impl::shared_blocks(const std::shared_ptr<const ChunkBlocks>& b) const {
    const auto it = uniform_blocks_.find(b->ids[0]);
    return it != uniform_blocks_.end() && it->second == b;
}

void NavField::Impl::keep_blocks(const World& world) {
    if (keep_blocks_.load(std::memory_order_acquire)) return;
    {
        std::lock_guard<std::mutex> lock(sync_mutex_);
        if (keep_blocks_.load(std::memory_order_relaxed)) return;
        blocks_pending_.store(true, std::memory_order_release);
        keep_blocks_.store(true, std::memory_order_release);
    }
    sync(world);  // copies every chunk, with the facts brought up to date
}

void NavField::Impl::copy_blocks(const World& world, const std::vector<std::uint32_t>& slots) {
    const BlockRegistry& reg = world.blocks();
    if (!work_.block_types_ || reg.version() != blocks_types_version_) {
        work_.block_types_ = std::make_shared<const BlockRegistry>(reg);
        blocks_types_version_ = reg.version();
    }
    if (slots.empty()) return;
    work_.block_owners_.grow(work_.slots_.size(), nullptr);
    std::vector<std::shared_ptr<ChunkBlocks>> copies(slots.size());
    // Chunks are copied in parallel (get_chunk reads whole leaves; reading
    // the World from several threads is safe while nobody writes, and sync
    // runs on the thread that writes).
    struct Worker {};
    detail::for_each_chunk<Worker>(slots.size(), [&](Worker&, std::size_t i) {
        auto c = std::make_shared<ChunkBlocks>();
        world.get_chunk(work_.slots_[slots[i]].chunk, c->ids.data());
        copies[i] = std::move(c);
    });
    for (std::size_t i = 0; i < slots.size(); ++i) {
        const std::uint32_t s = slots[i];
        std::shared_ptr<const ChunkBlocks> block = std::move(copies[i]);
        const BlockId first = block->ids[0];
        const bool uniform = std::all_of(block->ids.begin(), block->ids.end(), [&](BlockId id) { return id == first; });
        if (uniform) {
            // Air reads as null; chunks of one other block share one copy.
            if (first == BlockRegistry::air) {
                block = nullptr;
            } else {
                auto& shared = uniform_blocks_[first];
                if (!shared) shared = block;
                block = shared;
            }
        }
        const auto& old = work_.block_owners_[s];
        const bool old_own = old && !shared_blocks(old);
        const bool new_own = block && !uniform;
        work_.block_chunks_ += std::size_t(new_own) - std::size_t(old_own);
        work_.block_owners_.edit(s) = std::move(block);
    }
}

void NavField::Impl::publish(std::uint64_t revision) {
    work_.changes_ = changes_;
    work_.block_traits_ = traits_;
    work_.revision_ = revision;
    transform_published_[0].store(work_.transform_.voxel_size, std::memory_order_relaxed);
    transform_published_[1].store(work_.transform_.origin.x, std::memory_order_relaxed);
    transform_published_[2].store(work_.transform_.origin.y, std::memory_order_relaxed);
    transform_published_[3].store(work_.transform_.origin.z, std::memory_order_relaxed);
    auto snap = std::make_shared<const NavSnapshot>(work_.published());
    work_.share();
    std::atomic_store(&current_, std::shared_ptr<const NavSnapshot>(std::move(snap)));
    revision_.store(revision, std::memory_order_release);
}

}  // namespace voxnav
