// ChaseField: keep one flow field rooted at a moving target while nothing it
// depends on changes; compute a new one when something does.
#include "voxnav/route/chase.hpp"

#include "voxnav/facts/nav_field.hpp"
#include "voxnav/facts/nav_snapshot.hpp"

#include <chrono>
#include <sstream>

namespace voxnav {

namespace {

// What makes two updates ask for the same field: the goal and the options
// that change costs or bounds. Written with full precision.
std::string field_key(const Goal& goal, const QueryOptions& o) {
    std::ostringstream s;
    s.precision(17);
    s << goal.describe() << '|' << o.limits.max_cost << '|' << o.limits.max_nodes << '|' << o.snap_goal;
    for (const CostZone& z : o.zones)
        s << "|z" << int(z.shape) << ',' << z.centre.x << ',' << z.centre.y << ',' << z.centre.z << ',' << z.radius << ','
          << z.box.lo.x << ',' << z.box.lo.y << ',' << z.box.lo.z << ',' << z.box.hi.x << ',' << z.box.hi.y << ',' << z.box.hi.z
          << ',' << z.multiplier;
    for (const auto& [name, m] : o.floor_cost) s << "|f" << name << '=' << m;
    return s.str();
}

}  // namespace

ChaseField::ChaseField(const World& world, const AgentProfile& profile)
    : nav_(world, profile), field_(std::make_shared<FlowField>()) {}

ChaseField::ChaseField(std::shared_ptr<NavField> field, const AgentProfile& profile)
    : nav_(std::move(field), profile), field_(std::make_shared<FlowField>()) {}

void ChaseField::invalidate() { key_.clear(); }

ChaseField::Reason ChaseField::why_recompute(const std::string& key, const std::vector<Voxel>& chasers) {
    if (!field_->snapshot()) return Reason::First;
    if (key != key_) return Reason::GoalMoved;
    const NavSnapshot& latest = *nav_.snapshot();
    if (latest.revision() != valid_revision_) {
        changed_.clear();
        if (!latest.changed_chunks_since(valid_revision_, changed_)) return Reason::Forgotten;
        if (field_->affected_by(changed_)) return Reason::Edited;
    }
    // A field stopped by max_cost or the node cap would not grow by being
    // computed again; one that stopped at the crowd must hold all of it.
    if (field_->usable() && field_->stop() == FlowStop::Covered)
        for (const Voxel& c : chasers)
            if (!field_->contains(c) && nav_.is_waypoint(c)) return Reason::ChaserOutside;
    return Reason::Kept;
}

ChaseField::Update ChaseField::update(const Goal& goal, const std::vector<Voxel>& chasers, const QueryOptions& options) {
    const auto t0 = std::chrono::steady_clock::now();
    nav_.sync();
    Update u;
    const std::string key = field_key(goal, options);
    u.reason = why_recompute(key, chasers);
    if (u.reason == Reason::Kept) {
        ++kept_;
    } else {
        // Readers may hold the current field: write into the spare one when
        // nobody else holds it, else into a new one.
        std::shared_ptr<FlowField> out = spare_ && spare_.use_count() == 1 ? std::move(spare_) : std::make_shared<FlowField>();
        nav_.flow_field(goal, options, *out, chasers);
        spare_ = std::move(field_);
        field_ = std::move(out);
        key_ = key;
        ++computed_;
    }
    valid_revision_ = nav_.snapshot()->revision();
    u.revision = valid_revision_;
    u.microseconds = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    return u;
}

}  // namespace voxnav
