// SPDX-License-Identifier: MIT
/// @file route_service.hpp
/// @brief RouteService: route requests from many NPCs, answered on worker
/// threads of its own, collected by the game once per tick.
///
///   voxnav::RouteService service(world);                 // game thread
///   const auto zombie = service.add_agent(zombie_profile);
///   // on an NPC's decision:
///   npc.ticket = service.submit(zombie, {npc.id, npc.feet, voxnav::Goal::near(player, 2.0)});
///   // every tick, after the tick's world edits:
///   for (voxnav::RouteService::Finished& f : service.collect()) npcs[f.npc].follow(std::move(f.route));
///
/// Threads. Every member function is for the game thread (the one that
/// edits the World), except pending(), which any thread may call. Workers
/// never read the World: submit() publishes the world's edits to the agent's
/// NavField (NavField::sync) and the worker routes on the latest published
/// snapshot, so a route is computed on the facts of the tick it was
/// submitted in or a later one (Route::revision says which). Each worker
/// keeps one Navigator per agent kind, so after warm-up a request allocates
/// only its route.
#pragma once

#include "voxnav/api.hpp"

#include "voxnav/agent/profile.hpp"
#include "voxnav/route/goal.hpp"
#include "voxnav/route/query_costs.hpp"
#include "voxnav/route/route.hpp"
#include "voxnav/world/box.hpp"

#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

namespace voxnav {
VOXNAV_API_BEGIN

class World;

class RouteService {
public:
    using AgentId = std::uint32_t;
    using Ticket = std::uint64_t;

    struct Request {
        std::uint64_t npc = 0;  ///< the game's id for the NPC, handed back with the route
        Voxel from{0};
        Goal goal;
        QueryOptions options;
        /// Kept for take(ticket) alone: collect() never returns it (a
        /// Follower planning its next segment on a worker uses this).
        bool claim = false;
    };
    struct Finished {
        Ticket ticket = 0;
        std::uint64_t npc = 0;
        Route route;
        bool cancelled = false;  ///< cancelled before it ran (route: status Cancelled, says so)
        bool via_field = false;  ///< a crowd request's route, read from its flow field
    };
    /// Many NPCs of one kind to one goal (a horde to the player, villagers
    /// to the bell).
    struct CrowdRequest {
        std::vector<std::uint64_t> npcs;  ///< the game's ids, one per start
        std::vector<Voxel> from;          ///< each NPC's feet, beside `npcs`
        Goal goal;
        QueryOptions options;
    };

    /// Most worker threads a service starts.
    static constexpr int max_threads = 256;
    /// `threads`: worker threads, started here and routing in the background
    /// from the first submit() on, whatever the game thread does (no wait()
    /// needed); 0: one per core this process may use (its CPU affinity).
    /// threads() says how many. Throws std::invalid_argument for a count
    /// outside 0..max_threads and std::runtime_error when the system refuses
    /// a thread (then none is left running).
    explicit RouteService(const World& world, int threads = 0);
    /// Waits for the requests in flight.
    ~RouteService();
    RouteService(const RouteService&) = delete;
    RouteService& operator=(const RouteService&) = delete;

    /// Registers a kind of NPC. Throws ProfileError for an invalid profile.
    AgentId add_agent(const AgentProfile& profile);
    /// Queues a request. Throws std::out_of_range for an unknown agent and
    /// std::invalid_argument for whatever Navigator::begin_route would reject
    /// (invalid zones or floor-cost overrides, an empty goal), so a request
    /// that is queued never fails for its options. A request that fails on
    /// the worker all the same (out of memory) comes back with status Failed.
    Ticket submit(AgentId agent, Request request);
    /// Queues a crowd: one worker answers every NPC, through one flow field
    /// covering them (route/flow_field.hpp) when prefer_flow_field(N, spread,
    /// the world's shaped share) says so, where spread is twice the largest
    /// horizontal (x or z) distance of a start from the goal's first part,
    /// and with one A* per NPC otherwise (and for NPCs the field does not
    /// hold: a node cap, no route, not a waypoint). Either way each route
    /// costs what submit() would give; each comes back as its own Finished
    /// with this ticket, in `npcs` order. Throws what submit() throws, and
    /// std::invalid_argument when npcs and from differ in length.
    Ticket submit_crowd(AgentId agent, CrowdRequest request);
    /// Routes finished since the last call, in the order they finished.
    [[nodiscard]] std::vector<Finished> collect();
    /// As above, appending to `out` (reuse it to avoid allocating).
    void collect(std::vector<Finished>& out);
    /// Drops a request that has not started; false once it runs or ran.
    bool cancel(Ticket ticket);
    /// A claimed request's route (Request::claim) once it finished, taken
    /// out of the service; nullopt while it runs, or for another ticket.
    [[nodiscard]] std::optional<Finished> take(Ticket ticket);
    /// No longer wanted, whatever its state: a queued request is dropped, a
    /// claimed route waiting for take() is freed, a running one is freed
    /// when it finishes.
    void forget(Ticket ticket);
    /// Requests submitted and not yet collected-ready (any thread).
    [[nodiscard]] std::size_t pending() const;
    /// Blocks until every submitted request has finished (shutdown, tests).
    void wait();
    /// Worker threads.
    [[nodiscard]] int threads() const;

private:
    struct Impl;
    std::unique_ptr<Impl> impl_;
};

VOXNAV_API_END
}  // namespace voxnav
