// SPDX-License-Identifier: MIT
// FlowField: reading a field, and the backward Dijkstra that computes one.
//
// Why backwards: the field holds the cost *to* the goal, so the search
// starts at the goal's waypoints and relaxes the moves that end at each
// settled waypoint (MovementModel::for_each_predecessor, which gives
// exactly the moves for_each_move gives, found from their end). A move is
// priced as the forward search prices it: its cost times the zones holding
// its end, which is the waypoint being settled.
#include "route/problems/flow_build.hpp"

#include "facts/nav_snapshot.hpp"
#include "route/problems/landmarks.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <tuple>

namespace voxnav {

FlowField::FlowField() = default;
FlowField::~FlowField() = default;
FlowField::FlowField(FlowField&&) noexcept = default;
FlowField& FlowField::operator=(FlowField&&) noexcept = default;

std::uint64_t FlowField::revision() const { return snapshot_ ? snapshot_->revision() : 0; }

Voxel FlowField::voxel_of(NodeId node) const { return snapshot_->voxel_of(node); }

double FlowField::cost(NodeId node) const {
    const Stored* e = entry(node);
    return e ? e->cost : no_cost;
}

NodeId FlowField::next(NodeId node, MoveTag* move) const {
    const Stored* e = entry(node);
    if (!e || e->next == node_id::none) return node_id::none;
    if (move) *move = e->action;
    return e->next;
}

double FlowField::cost(const Voxel& feet) const { return snapshot_ ? cost(snapshot_->index_of(feet)) : no_cost; }

bool FlowField::at_goal(const Voxel& feet) const {
    if (!snapshot_) return false;
    const Stored* e = entry(snapshot_->index_of(feet));
    return e && e->next == node_id::none;
}

std::optional<FlowStep> FlowField::next(const Voxel& feet) const {
    if (!snapshot_) return std::nullopt;
    const Stored* e = entry(snapshot_->index_of(feet));
    if (!e || e->next == node_id::none) return std::nullopt;
    const Stored* to = entry(e->next);
    FlowStep step{voxel_of(e->next), e->action.motion(), e->cost - (to ? to->cost : 0.0), {}};
    if (e->action.does(WorldAct::Open)) snapshot_->doors_to_open(e->next, body_width_, body_height16_, step.open);
    return step;
}

Route FlowField::route_from(const Voxel& feet) const {
    Route r;
    r.revision = revision();
    r.metrics = metrics_;
    NodeId n = snapshot_ ? snapshot_->index_of(feet) : node_id::none;
    const Stored* e = entry(n);
    if (!e) {
        r.status = SearchStatus::NoPath;
        r.error = usable() ? "the position is not in the flow field (no waypoint, no route to the goal, or beyond the field's radius)."
                           : "the flow field has no costs: " + error_;
        return r;
    }
    r.status = SearchStatus::Found;
    r.cost = e->cost;
    r.waypoints.push_back({feet, Action::Start, 0.0, double(feet.y) + snapshot_->feet_offset(n)});
    // Each next is settled before the waypoint pointing at it and costs
    // strictly less or equal: the chain ends at the goal within entries_.size() steps.
    for (std::size_t guard = 0; e->next != node_id::none && guard <= entries_.size(); ++guard) {
        const NodeId m = e->next;
        const Stored* to = entry(m);
        const Voxel v = voxel_of(m);
        Waypoint w{v, e->action.motion(), e->cost - to->cost, double(v.y) + snapshot_->feet_offset(m)};
        if (e->action.does(WorldAct::Open)) {
            const std::size_t before = r.open.size();
            snapshot_->doors_to_open(m, body_width_, body_height16_, r.open);
            w.opened = std::uint32_t(r.open.size() - before);
        }
        r.waypoints.push_back(w);
        n = m;
        e = to;
    }
    return r;
}

bool FlowField::affected_by(const std::vector<Voxel>& changed) const {
    for (const Voxel& c : changed) {
        const auto lo = std::lower_bound(columns_.begin(), columns_.end(), c.x - reach_chunks_,
                                         [](const Column& col, int x) { return col.x < x; });
        for (auto it = lo; it != columns_.end() && it->x <= c.x + reach_chunks_; ++it)
            if (std::abs(it->z - c.z) <= reach_chunks_ && c.y >= it->lowest_y - reach_chunks_) return true;
    }
    return false;
}

std::size_t FlowField::memory_bytes() const {
    return entries_.capacity() * sizeof(Stored) + pages_.capacity() * sizeof(Page) + table_.capacity() * sizeof(std::uint32_t) +
           columns_.capacity() * sizeof(Column);
}

bool prefer_flow_field(std::size_t agents, double spread, double shaped_share) {
    constexpr double kNear = 64.0, kFar = 256.0, kNearAgents = 200.0, kFarAgents = 100.0;
    const double t = std::clamp((spread - kNear) / (kFar - kNear), 0.0, 1.0);
    double need = kNearAgents + t * (kFarAgents - kNearAgents);
    if (shaped_share > 0.25) need *= 5.0;
    return double(agents) >= need;
}

// --- computing ---------------------------------------------------------------

FlowField::Builder::Entry& FlowField::Builder::slot(NodeId node) {
    const std::uint32_t key = node >> kPageBits;
    std::uint32_t& page = dir_[key];
    if (page == 0) {
        const std::size_t used = touched_.size();
        if ((used + 1) * kPage > pages_.size()) pages_.resize(std::max<std::size_t>(pages_.size() * 2, 8 * kPage));
        std::fill(pages_.begin() + std::ptrdiff_t(used * kPage), pages_.begin() + std::ptrdiff_t((used + 1) * kPage),
                  Entry{no_cost, node_id::none, Action::Start, 0, 0, 0, kNoMoves});
        touched_.push_back(key);
        page = std::uint32_t(used + 1);
    }
    return pages_[std::size_t(page - 1) * kPage + (node & (kPage - 1))];
}

void FlowField::Builder::reset(const NavSnapshot& snapshot) {
    // Only the directory entries the last field touched are cleared; pages
    // are filled when taken.
    for (std::uint32_t key : touched_)
        if (key < dir_.size()) dir_[key] = 0;
    touched_.clear();
    const std::size_t keys = (std::size_t(snapshot.slot_capacity()) << node_id::local_bits) >> kPageBits;
    if (dir_.size() < keys) dir_.resize(keys, 0);
}

void FlowField::Builder::clear(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot) {
    out.snapshot_ = std::move(snapshot);
    out.pages_.clear();
    out.entries_.clear();
    out.table_.clear();
    out.columns_.clear();
    out.largest_ = 0.0;
    out.radius_ = 0.0;
    out.metrics_ = {};
    out.error_.clear();
}

void FlowField::Builder::fail(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot, SearchStatus status, std::string error) {
    clear(out, std::move(snapshot));
    out.status_ = status;
    out.error_ = std::move(error);
}

std::size_t FlowField::Builder::memory_bytes() const {
    return dir_.capacity() * sizeof(std::uint32_t) + pages_.capacity() * sizeof(Entry) + touched_.capacity() * sizeof(std::uint32_t) +
           open_.capacity() * sizeof(Open) + moves_.capacity() * sizeof(Move);
}

// The settled entries, packed: per page with any, a mask and a base; the
// pages in a hash table by key; the chunk columns for affected_by.
void FlowField::Builder::store(FlowField& out, int reach_chunks) const {
    out.reach_chunks_ = reach_chunks;
    for (std::size_t p = 0; p < touched_.size(); ++p) {
        const Entry* run = &pages_[p * kPage];
        Page page;
        page.key = touched_[p];
        page.base = std::uint32_t(out.entries_.size());
        for (unsigned k = 0; k < kPage; ++k)
            if (run[k].settled) {
                page.mask[k >> 6] |= std::uint64_t(1) << (k & 63u);
                out.entries_.push_back({run[k].cost, run[k].next, run[k].action});
            }
        if (page.base == out.entries_.size()) continue;
        out.pages_.push_back(page);
        const Voxel c = out.snapshot_->slot(page.key >> (node_id::local_bits - kPageBits)).chunk;
        out.columns_.push_back({c.x, c.z, c.y});
    }
    std::size_t size = 16;
    while (size < 2 * out.pages_.size()) size *= 2;
    out.table_.assign(size, 0);
    for (std::size_t p = 0; p < out.pages_.size(); ++p) {
        std::size_t i = out.slot_of(out.pages_[p].key);
        while (out.table_[i] != 0) i = (i + 1) & (size - 1);
        out.table_[i] = std::uint32_t(p + 1);
    }
    std::sort(out.columns_.begin(), out.columns_.end(),
              [](const Column& a, const Column& b) { return std::tie(a.x, a.z, a.lowest_y) < std::tie(b.x, b.z, b.lowest_y); });
    // Keep each column's lowest chunk (the first after sorting).
    out.columns_.erase(std::unique(out.columns_.begin(), out.columns_.end(),
                                   [](const Column& a, const Column& b) { return a.x == b.x && a.z == b.z; }),
                       out.columns_.end());
}

void FlowField::Builder::compute(FlowField& out, std::shared_ptr<const NavSnapshot> snapshot, const MovementModel& moves,
                                 const ZoneCosts& zones, const std::vector<NodeId>& goals, const SearchLimits& limits,
                                 const std::vector<NodeId>& cover) {
    const auto t0 = std::chrono::steady_clock::now();
    clear(out, std::move(snapshot));
    out.body_width_ = moves.profile().width;
    out.body_height16_ = moves.profile().height16();
    const NavSnapshot& snap = *out.snapshot_;
    reset(snap);
    const VoxelOfNode voxel(snap);
    const double max_cost = std::isnan(limits.max_cost) ? no_cost : limits.max_cost;
    open_.clear();
    moves_.clear();
    // Forward moves of a position of a shaped chunk, expanded once.
    auto expand = [&](NodeId s, auto&& f) {
        std::uint32_t first = slot(s).moves;
        if (first == kNoMoves) {
            first = std::uint32_t(moves_.size());
            moves.for_each_move(s, [&](NodeId t, double c, MoveTag a) { moves_.push_back({t, a, c}); });
            Entry& e = slot(s);
            e.moves = first;
            e.count = std::uint8_t(std::min<std::size_t>(moves_.size() - first, 255));
            if (moves_.size() - first > 255) {  // more than a byte counts (never seen): not cached
                moves_.resize(first);
                e.moves = kNoMoves;
                moves.for_each_move(s, f);
                return;
            }
        }
        const Entry& e = slot(s);
        for (std::uint32_t k = e.moves, end = e.moves + e.count; k < end; ++k) f(moves_[k].to, moves_[k].cost, moves_[k].action);
    };
    for (NodeId g : goals) {
        Entry& e = slot(g);
        if (e.cost == 0.0) continue;  // listed twice
        e.cost = 0.0;
        e.next = node_id::none;
        e.action = Action::Start;
        open_.push_back({0.0, g});
    }
    std::size_t wanted = 0;
    for (NodeId c : cover) {
        if (c == node_id::none) continue;
        Entry& e = slot(c);
        wanted += e.wanted == 0;
        e.wanted = 1;
    }
    std::make_heap(open_.begin(), open_.end());
    std::uint64_t settled = 0, relaxed = 0, improved = 0, generated = open_.size();
    out.stop_ = FlowStop::Exhausted;
    out.status_ = SearchStatus::Found;
    while (!open_.empty()) {
        std::pop_heap(open_.begin(), open_.end());
        const Open top = open_.back();
        open_.pop_back();
        Entry& e = slot(top.node);
        if (e.settled || top.cost != e.cost) continue;  // a stale copy (lazy deletion)
        if (top.cost > max_cost || settled >= limits.max_nodes) {
            if (top.cost <= max_cost) {
                out.stop_ = FlowStop::NodeCap;
                out.status_ = SearchStatus::Partial;
            }
            open_.push_back(top);  // what radius() reads below
            std::push_heap(open_.begin(), open_.end());
            break;
        }
        e.settled = 1;
        ++settled;
        out.largest_ = top.cost;
        if (e.wanted && --wanted == 0) {
            out.stop_ = FlowStop::Covered;
            break;
        }
        // Moves into a forbidden zone do not exist: nothing reaches it.
        const double m = zones.empty() ? 1.0 : zones.multiplier(voxel(top.node));
        if (m == CostZone::forbid) continue;
        const NodeId to = top.node;
        const double base = top.cost;
        moves.for_each_predecessor(
            to,
            [&](NodeId from, double c, MoveTag a) {
                ++relaxed;
                Entry& f = slot(from);
                const double nc = base + c * m;
                if (f.settled || !(nc < f.cost)) return;
                improved += f.cost != no_cost;
                generated += f.cost == no_cost;
                f.cost = nc;
                f.next = to;
                f.action = a;
                open_.push_back({nc, from});
                std::push_heap(open_.begin(), open_.end());
            },
            expand);
    }
    // Every waypoint not settled costs at least the cheapest open entry.
    out.radius_ = no_cost;
    while (!open_.empty()) {
        const Open& top = open_.front();
        const Entry& e = slot(top.node);
        if (!e.settled && top.cost == e.cost) {
            out.radius_ = top.cost;
            break;
        }
        std::pop_heap(open_.begin(), open_.end());
        open_.pop_back();
    }
    if (out.stop_ == FlowStop::Exhausted && max_cost < out.radius_) out.radius_ = std::nextafter(max_cost, no_cost);
    store(out, (MovementModel::move_reach(moves.profile()) + 15) / 16);
    out.metrics_.expanded = settled;
    out.metrics_.generated = generated;
    out.metrics_.relaxed = relaxed;
    out.metrics_.improved = improved;
    out.metrics_.microseconds = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

}  // namespace voxnav
