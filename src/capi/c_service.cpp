// SPDX-License-Identifier: MIT
// The C API's route service and chases (include/voxnav/voxnav.h): a
// RouteService or a ChaseField behind a handle that keeps its world alive.
#include "capi/c_handles.hpp"

#include "voxnav/route/chase.hpp"
#include "voxnav/route/route_service.hpp"

#include <cmath>
#include <atomic>
#include <deque>

struct voxnav_service {
    std::shared_ptr<voxnav::capi::WorldHolder> holder;  // outlives the service (declared first)
    std::unique_ptr<voxnav::RouteService> service;
    // Finished routes collected from the service and not yet handed out
    // (a collect with less capacity than there were routes).
    std::deque<voxnav::RouteService::Finished> backlog;
    std::atomic<std::size_t> backlog_size{0};  // backlog.size(), for pending() on any thread
    std::vector<voxnav::RouteService::Finished> scratch;
};

struct voxnav_chase {
    std::shared_ptr<voxnav::capi::WorldHolder> holder;
    std::unique_ptr<voxnav::ChaseField> chase;
    std::vector<voxnav::Voxel> chasers;  // reused every update
};

using namespace voxnav;
using namespace voxnav::capi;

namespace {

RouteService& service_of(voxnav_service* s) { return *need(s, "service").service; }

std::vector<Voxel> voxels_arg(const int32_t* xyz, std::size_t count, const char* what) {
    if (count > 0 && !xyz) throw ArgumentError(std::string(what) + " is NULL with count " + std::to_string(count));
    std::vector<Voxel> out(count);
    for (std::size_t i = 0; i < count; ++i) out[i] = {xyz[3 * i], xyz[3 * i + 1], xyz[3 * i + 2]};
    return out;
}

// RouteService throws std::out_of_range for an unknown agent: a bad argument here.
template <class F>
auto with_agent(uint32_t agent, F&& f) {
    try {
        return f();
    } catch (const std::out_of_range&) {
        throw ArgumentError("agent " + std::to_string(agent) + " was not added to this service");
    }
}

}  // namespace

extern "C" {

// --- the route service ----------------------------------------------------------

voxnav_status voxnav_service_create(voxnav_world* world, int32_t threads, voxnav_service** out) {
    return guard(__func__, [&] {
        const auto& holder = need(world, "world").holder;
        need(out, "out");
        if (threads < 0 || threads > RouteService::max_threads)
            throw ArgumentError("threads " + std::to_string(threads) + " is not in 0.." + std::to_string(RouteService::max_threads));
        auto s = std::make_unique<voxnav_service>();
        s->holder = holder;
        s->service = std::make_unique<RouteService>(holder->world, threads);
        *out = s.release();
        return VOXNAV_OK;
    });
}

void voxnav_service_destroy(voxnav_service* service) {
    if (!service) return;
    service->service.reset();  // waits for the requests in flight
    delete service;
}

int32_t voxnav_service_threads(const voxnav_service* service) {
    return service && service->service ? service->service->threads() : 0;
}

voxnav_status voxnav_service_add_agent(voxnav_service* service, const char* profile_json, uint32_t* agent_out) {
    return guard(__func__, [&] {
        RouteService& s = service_of(service);
        const AgentProfile p = profile_arg(profile_json);
        need(agent_out, "agent_out") = s.add_agent(p);
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_service_submit(voxnav_service* service, uint32_t agent, uint64_t npc, const int32_t* from,
                                    const voxnav_query* query, uint64_t* ticket_out) {
    return guard(__func__, [&] {
        RouteService& s = service_of(service);
        need(ticket_out, "ticket_out");
        const voxnav_query& q = need(query, "query");
        RouteService::Request r;
        r.npc = npc;
        r.from = voxel_arg(from, "from");
        r.goal = goal_of(q);
        r.options = options_of(q);
        *ticket_out = with_agent(agent, [&] { return s.submit(agent, std::move(r)); });
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_service_submit_crowd(voxnav_service* service, uint32_t agent, const uint64_t* npcs, const int32_t* from,
                                          size_t count, const voxnav_query* query, uint64_t* ticket_out) {
    return guard(__func__, [&] {
        RouteService& s = service_of(service);
        need(ticket_out, "ticket_out");
        const voxnav_query& q = need(query, "query");
        if (count == 0) throw ArgumentError("a crowd needs at least one NPC (count 0)");
        if (!npcs) throw ArgumentError("npcs is NULL with count " + std::to_string(count));
        if (q.goal_count == 0) throw ArgumentError("a crowd needs goals (goal_count 0): it cannot flee");
        RouteService::CrowdRequest r;
        r.npcs.assign(npcs, npcs + count);
        r.from = voxels_arg(from, count, "from");
        r.goal = goal_of(q);
        r.options = options_of(q);
        *ticket_out = with_agent(agent, [&] { return s.submit_crowd(agent, std::move(r)); });
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_service_collect(voxnav_service* service, voxnav_finished* out, size_t capacity, size_t* count_out) {
    return guard(__func__, [&] {
        voxnav_service& s = need(service, "service");
        need(count_out, "count_out") = 0;
        if (capacity > 0) need(out, "out");
        s.scratch.clear();
        s.service->collect(s.scratch);
        for (RouteService::Finished& f : s.scratch) s.backlog.push_back(std::move(f));
        size_t n = 0;
        // Each handed-out route is a new handle the caller owns; made first,
        // so running out of memory hands out nothing it would leak.
        while (n < capacity && !s.backlog.empty()) {
            auto r = std::make_unique<voxnav_route>();
            RouteService::Finished& f = s.backlog.front();
            r->route = std::move(f.route);
            fill_route(*r);
            out[n] = {f.ticket, f.npc, f.cancelled ? 1 : 0, f.via_field ? 1 : 0, r.release()};
            s.backlog.pop_front();
            ++n;
            *count_out = n;
        }
        s.backlog_size.store(s.backlog.size(), std::memory_order_relaxed);
        return VOXNAV_OK;
    });
}

int32_t voxnav_service_cancel(voxnav_service* service, uint64_t ticket) {
    int32_t cancelled = 0;
    guard(__func__, [&] {
        cancelled = service_of(service).cancel(ticket) ? 1 : 0;
        return VOXNAV_OK;
    });
    return cancelled;
}

size_t voxnav_service_pending(const voxnav_service* service) {
    return service && service->service
               ? service->service->pending() + service->backlog_size.load(std::memory_order_relaxed)
               : 0;
}

voxnav_status voxnav_service_wait(voxnav_service* service) {
    return guard(__func__, [&] {
        service_of(service).wait();
        return VOXNAV_OK;
    });
}

// --- chases -------------------------------------------------------------------

voxnav_status voxnav_chase_create(voxnav_world* world, const char* profile_json, int32_t method, voxnav_chase** out) {
    return guard(__func__, [&] {
        const auto& holder = need(world, "world").holder;
        need(out, "out");
        const AgentProfile p = profile_arg(profile_json);
        if (method < VOXNAV_CHASE_AUTO || method > VOXNAV_CHASE_FIELD)
            throw ArgumentError("method " + std::to_string(method) + " is not a voxnav_chase_method");
        auto c = std::make_unique<voxnav_chase>();
        c->holder = holder;
        c->chase = std::make_unique<ChaseField>(holder->world, p, ChaseField::Method(method));
        holder->remember(c->chase->navigator().shared_field());
        *out = c.release();
        return VOXNAV_OK;
    });
}

void voxnav_chase_destroy(voxnav_chase* chase) { delete chase; }

voxnav_status voxnav_chase_update(voxnav_chase* chase, const voxnav_query* query, const int32_t* chasers, size_t count,
                                  voxnav_chase_stats* out) {
    return guard(__func__, [&] {
        voxnav_chase& c = need(chase, "chase");
        const voxnav_query& q = need(query, "query");
        if (q.goal_count == 0) throw ArgumentError("a chase needs goals (goal_count 0): it cannot flee");
        const Goal goal = goal_of(q);
        const QueryOptions options = options_of(q);
        if (count > 0 && !chasers) throw ArgumentError("chasers is NULL with count " + std::to_string(count));
        c.chasers.resize(count);
        for (std::size_t i = 0; i < count; ++i) c.chasers[i] = {chasers[3 * i], chasers[3 * i + 1], chasers[3 * i + 2]};
        const ChaseField::Update u = c.chase->update(goal, c.chasers, options);
        if (out)
            *out = {int32_t(u.method), u.field_computed ? 1 : 0, u.replanned, u.certified, u.microseconds, u.revision};
        return VOXNAV_OK;
    });
}

int32_t voxnav_chase_next(const voxnav_chase* chase, size_t i, int32_t* next_out, int32_t* action_out) {
    if (!chase || i >= chase->chasers.size()) return 0;
    const auto step = chase->chase->next(i);
    if (!step) return 0;
    if (next_out) next_out[0] = step->position.x, next_out[1] = step->position.y, next_out[2] = step->position.z;
    if (action_out) *action_out = int32_t(step->action);
    return 1;
}

double voxnav_chase_cost(const voxnav_chase* chase, size_t i) {
    if (!chase || i >= chase->chasers.size()) return HUGE_VAL;
    const double c = chase->chase->cost(i);
    return std::isfinite(c) ? c : HUGE_VAL;
}

voxnav_status voxnav_chase_route(const voxnav_chase* chase, size_t i, voxnav_route* out) {
    const voxnav_status s = guard(__func__, [&] {
        const voxnav_chase& c = need(chase, "chase");
        voxnav_route& r = need(out, "out");
        if (i >= c.chasers.size()) {
            r.route = Route{};
            r.route.status = SearchStatus::NoPath;
            r.route.error = "chaser " + std::to_string(i) + " is past the last of the update's " +
                            std::to_string(c.chasers.size()) + " chasers";
        } else {
            r.route = c.chase->route(i);
        }
        fill_route(r);
        return VOXNAV_OK;
    });
    if (s != VOXNAV_OK) fail_route(out);
    return s;
}

}  // extern "C"
