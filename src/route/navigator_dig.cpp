// Navigator's dig and place queries (AgentProfile::dig, ::place): the same
// query life cycle as every other (begin_route, step, finish_route), over
// DigProblem, whose states carry the blocks left.
#include "navigator_impl.hpp"

namespace voxnav {

void Navigator::Impl::begin_dig(NavSnapshot::Index start) {
    Route& out = pending_;
    out.landmarks = false;
    if (!snapshot_->has_blocks()) {
        // Navigators built with the World ask for block ids when they are
        // made; a worker's field keeps them only when someone asked.
        out.status = SearchStatus::Failed;
        out.error = "dig and place queries read block ids the navigation facts do not keep: build the navigator with the World, "
                    "or call NavField::keep_blocks(world) on the game thread (RouteService::add_agent does).";
        if (trace_) trace_->status = out.status;
        return;
    }
    if (!dig_) dig_ = std::make_unique<DigQuery>();
    DigQuery& q = *dig_;
    q.blocks.emplace(*snapshot_);
    // The block types of this version (a new registry copy comes with every change of it).
    if (!q.moves || q.moves_types != snapshot_->block_types()) {
        q.moves.emplace(*snapshot_, profile_);
        q.moves_types = snapshot_->block_types();
    }
    bound_.emplace(goal_, *active_moves_);
    const bool limited = q.moves->initial_blocks() != DigMoves::no_limit;
    q.problem.emplace(*active_moves_, *q.moves, *q.blocks, *bound_, zones_, snapshot_->bounds(), limited ? &q.blocks_left : nullptr);
    q.search.begin(*q.problem, DigProblem::make(start, q.moves->initial_blocks()), limits_);
    dig_query_ = true;
    in_query_ = true;
}

std::function<bool(const Voxel&)> Navigator::Impl::dig_end_test() const {
    if (!profile_->dig || !snapshot_->has_blocks()) return {};
    auto moves = dig_ && dig_->moves && dig_->moves_types == snapshot_->block_types() ? std::make_shared<const DigMoves>(*dig_->moves)
                                                                                     : std::make_shared<const DigMoves>(*snapshot_, profile_);
    auto blocks = std::make_shared<const SnapshotBlocks>(*snapshot_);
    const NavSnapshot* snap = snapshot_.get();
    return [moves, blocks, snap](const Voxel& v) {
        const NavSnapshot::Index i = snap->index_of(v);
        if (i == NavSnapshot::no_index || !(*snap)[i].node()) return false;  // outside the nodes (bounds, navigable chunks)
        return moves->could_stand(*blocks, v);
    };
}

// Waypoints with each move's exact cost and the voxels it digs and places,
// found again from the moves of the state before (the cheapest move to the
// next state with the search's action).
void Navigator::Impl::finish_dig(Route& out) {
    DigQuery& q = *dig_;
    q.search.finish(*q.problem, q.result);
    out.status = q.result.status;
    out.metrics = q.result.metrics;
    if (out.status == SearchStatus::NoPath) out.error = no_path_sentence();
    const auto& states = q.result.states;
    double total = 0.0;
    for (std::size_t k = 0; k < states.size(); ++k) {
        const NodeId n = DigProblem::node(states[k]);
        const Voxel v = snapshot_->voxel_of(n);
        Waypoint w{v, Action::Start, 0.0, double(v.y) + (active_moves_->is_waypoint(n) ? snapshot_->feet_offset(n) : 0.0)};
        if (k > 0) {
            const MoveTag want = MoveTag::from_bits(q.result.tags[k]);
            double best = std::numeric_limits<double>::infinity();
            const std::size_t dug_at = out.dig.size(), placed_at = out.place.size();
            q.problem->each_move(states[k - 1], [&](DigProblem::State t, double cost, MoveTag a, const DigMoves::Move* m) {
                if (t != states[k] || a != want || !(cost < best)) return;
                best = cost;
                out.dig.resize(dug_at);
                out.place.resize(placed_at);
                if (m) {
                    out.dig.insert(out.dig.end(), m->dug, m->dug + m->dug_count);
                    out.place.insert(out.place.end(), m->placed, m->placed + m->placed_count);
                }
            });
            w.action = want.motion();
            w.cost = best;
            if (want.does(WorldAct::Open)) {
                const std::size_t before = out.open.size();
                active_moves_->doors_to_open(n, out.open);
                w.opened = std::uint32_t(out.open.size() - before);
            }
            w.dug = std::uint32_t(out.dig.size() - dug_at);
            w.placed = std::uint32_t(out.place.size() - placed_at);
        }
        total += w.cost;
        out.waypoints.push_back(w);
    }
    out.cost = total;
    if (trace_) {
        // Dig searches record no nodes: the trace says what was found.
        trace_->clear();
        trace_->status = out.status;
        trace_->cost = out.cost;
        trace_->weight = limits_.weight;
        trace_->metrics = out.metrics;
    }
    release_query();
}

}  // namespace voxnav
