// SPDX-License-Identifier: MIT
// Navigator's dig and place queries (AgentProfile::dig, ::place): the same
// query life cycle as every other (begin_route, step, finish_route), over
// DigProblem, whose states carry the blocks left.
#include "route/navigator/navigator_impl.hpp"

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
    if (!q.look || q.look_types != snapshot_->block_types()) {
        q.look.emplace(*snapshot_, profile_);
        q.look_types = snapshot_->block_types();
    }
    bind_goal();
    const bool limited = q.look->initial_blocks() != moves::BlockLook::no_limit;
    const DigProblem& problem = search_problem_.emplace<DigProblem>(*active_moves_, *q.look, *q.blocks, *bound_, zones_,
                                                                    snapshot_->bounds(), limited ? &q.blocks_left : nullptr);
    q.search.record_into(trace_ ? &q.record : nullptr);
    q.search.begin(problem, DigProblem::make(start, q.look->initial_blocks()), limits_);
    in_query_ = true;
}

std::function<bool(const Voxel&)> Navigator::Impl::dig_end_test() const {
    if (!profile_->dig || !snapshot_->has_blocks()) return {};
    auto look = dig_ && dig_->look && dig_->look_types == snapshot_->block_types() ? std::make_shared<const moves::BlockLook>(*dig_->look)
                                                                                  : std::make_shared<const moves::BlockLook>(*snapshot_, profile_);
    auto blocks = std::make_shared<const SnapshotBlocks>(*snapshot_);
    const NavSnapshot* snap = snapshot_.get();
    return [look, blocks, snap](const Voxel& v) {
        const NavSnapshot::Index i = snap->index_of(v);
        if (i == NavSnapshot::no_index || !(*snap)[i].node()) return false;  // outside the nodes (bounds, navigable chunks)
        return look->could_stand(*blocks, v);
    };
}

}  // namespace voxnav
