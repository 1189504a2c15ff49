// SPDX-License-Identifier: MIT
// Route: the voxels each waypoint acts on, found from the per-waypoint counts.
#include "voxnav/route/route.hpp"

#include <algorithm>

namespace voxnav {

Route::Voxels Route::voxels(std::size_t k, WorldAct act) const {
    const std::vector<Voxel>& all = act == WorldAct::Open ? open : act == WorldAct::Dig ? dig : place;
    auto share = [act](const Waypoint& w) -> std::size_t { return act == WorldAct::Open ? w.opened : act == WorldAct::Dig ? w.dug : w.placed; };
    if (k >= waypoints.size()) return {};
    std::size_t from = 0;
    for (std::size_t i = 0; i < k; ++i) from += share(waypoints[i]);
    const std::size_t n = share(waypoints[k]);
    if (n == 0 || from + n > all.size()) return {};
    return {all.data() + from, n};
}

void Route::drop_before(std::size_t k) {
    if (k == 0 || k >= waypoints.size()) return;
    std::size_t opened = 0, dug = 0, placed = 0;
    for (std::size_t i = 0; i <= k; ++i) opened += waypoints[i].opened, dug += waypoints[i].dug, placed += waypoints[i].placed;
    open.erase(open.begin(), open.begin() + std::ptrdiff_t(std::min(opened, open.size())));
    dig.erase(dig.begin(), dig.begin() + std::ptrdiff_t(std::min(dug, dig.size())));
    place.erase(place.begin(), place.begin() + std::ptrdiff_t(std::min(placed, place.size())));
    waypoints.erase(waypoints.begin(), waypoints.begin() + std::ptrdiff_t(k));
    Waypoint& start = waypoints.front();
    start.action = Action::Start;
    start.cost = 0.0;
    start.opened = start.dug = start.placed = 0;
    cost = 0.0;
    for (const Waypoint& w : waypoints) cost += w.cost;
}

}  // namespace voxnav
