// SPDX-License-Identifier: MIT
// RouteService: a request queue served by worker threads of its own.
//
// Why std::threads and not TBB tasks: a tbb::task_arena of N slots keeps one
// slot for the thread that enters it, and TBB's shared worker pool has one
// thread fewer than the cores; a service of one worker then ran nothing
// until the game called wait() (every NPC froze), and one of N ran N - 1.
// The service promises `threads` workers routing in the background whatever
// the game thread does, so it owns them: they sleep on a condition variable
// and wake per request. (Fact derivation inside a query still uses TBB.)
#include "voxnav/route/route_service.hpp"

#include "agent/movement.hpp"
#include "facts/nav_snapshot.hpp"
#include "route/query/query_check.hpp"
#include "voxnav/facts/nav_field.hpp"
#include "voxnav/route/flow_field.hpp"
#include "voxnav/route/navigator.hpp"

#include <tbb/task_arena.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <atomic>
#include <condition_variable>
#include <deque>
#include <mutex>
#include <stdexcept>
#include <system_error>
#include <thread>
#include <unordered_map>
#include <unordered_set>


namespace voxnav {

struct VOXNAV_INTERNAL RouteService::Impl {
    struct Agent {
        CheckedProfile profile;  // checked once; every worker's navigator shares it
        std::shared_ptr<NavField> field;
    };
    struct Job {
        Ticket ticket;
        AgentId agent;
        Request request;
        std::shared_ptr<CrowdRequest> crowd;  // set for a crowd (then `request` is unused)
    };
    // One per worker: a Navigator per agent kind, made on first use.
    struct Worker {
        std::vector<std::unique_ptr<Navigator>> navigators;
    };

    const World* world;
    int thread_count;
    // Appended on the game thread (under the mutex) before any job of theirs
    // is queued; a deque never moves its elements, so workers keep pointers.
    std::deque<Agent> agents;
    Ticket next_ticket = 1;
    std::vector<Worker> workers;

    mutable std::mutex mutex;  // guards queue, finished, cancelled and appending to agents
    std::condition_variable wake, idle;
    std::deque<Job> queue;
    std::vector<Finished> finished;
    std::unordered_set<Ticket> cancelled;
    std::unordered_map<Ticket, Finished> claimed;  // Request::claim routes, for take()
    std::unordered_set<Ticket> forgotten;          // claimed requests running when forgotten
    std::atomic<std::size_t> in_flight{0};
    bool stopping = false;

    std::vector<std::thread> threads;

    Impl(const World& w, int n) : world(&w), thread_count(worker_count(n)) {
        workers.resize(std::size_t(thread_count));
        threads.reserve(std::size_t(thread_count));
        try {
            for (int i = 0; i < thread_count; ++i) threads.emplace_back([this, i] { thread_loop(std::size_t(i)); });
        } catch (const std::system_error& e) {
            stop_threads();  // the ones started, before they are destroyed joinable
            throw std::runtime_error(std::string("RouteService: cannot start its worker threads: ") + e.what());
        }
    }

    // 0: the cores this process may use (TBB reads the affinity mask), else
    // n, at most max_threads.
    static int worker_count(int n) {
        if (n < 0 || n > max_threads)
            throw std::invalid_argument("RouteService: threads must be 0..." + std::to_string(max_threads) + " (got " + std::to_string(n) + ")");
        return n > 0 ? n : std::max(1, tbb::this_task_arena::max_concurrency());
    }

    void stop_threads() {
        {
            std::lock_guard<std::mutex> lock(mutex);
            stopping = true;
        }
        wake.notify_all();
        for (auto& t : threads) t.join();
        threads.clear();
    }

    ~Impl() {
        wait_all();
        stop_threads();
    }

    // The worker's Navigator for an agent kind, made on first use.
    Navigator& navigator(std::size_t worker, AgentId id, const Agent& agent) {
        auto& navs = workers[worker].navigators;
        if (navs.size() <= id) navs.resize(id + 1);
        if (!navs[id]) navs[id] = std::make_unique<Navigator>(agent.field, agent.profile);
        return *navs[id];
    }
    // Whether the job was cancelled before it ran (and forgets that it was).
    bool was_cancelled(Ticket t) {
        std::lock_guard<std::mutex> lock(mutex);
        return cancelled.erase(t) > 0;
    }
    // Hands finished routes to collect() and counts the job done.
    // (The count drops under the same lock that hands the routes over: a
    // game that collected the last route never sees pending() above 0.)
    void deliver(std::vector<Finished>& out, bool claim) {
        std::lock_guard<std::mutex> lock(mutex);
        for (Finished& f : out) {
            if (!claim) finished.push_back(std::move(f));
            else if (forgotten.erase(f.ticket) == 0) claimed[f.ticket] = std::move(f);
        }
        if (in_flight.fetch_sub(1) == 1) idle.notify_all();
    }
    // A route that was not computed: cancelled, or failed on the worker.
    static Finished unanswered(Ticket t, std::uint64_t npc, bool cancel, const std::string& why) {
        Finished f;
        f.ticket = t;
        f.npc = npc;
        f.cancelled = cancel;
        f.route.status = cancel ? SearchStatus::Cancelled : SearchStatus::Failed;
        f.route.error = cancel ? "the request was cancelled." : "the request failed: " + why;
        return f;
    }

    // A crowd's routes: one field or one A* each (RouteService::submit_crowd).
    void run_crowd(Navigator& nav, const Job& job, std::vector<Finished>& out) {
        const CrowdRequest& c = *job.crowd;
        double spread = std::numeric_limits<double>::infinity();
        if (!c.goal.is_flee() && !c.goal.parts().empty() && c.goal.parts()[0].kind != Goal::Kind::Level) {
            const Goal::Part& p = c.goal.parts()[0];
            const glm::dvec3 centre = p.kind == Goal::Kind::Near ? p.point : glm::dvec3(p.voxel);
            double far = 0.0;
            for (const Voxel& v : c.from) far = std::max({far, std::abs(v.x - centre.x), std::abs(v.z - centre.z)});
            spread = 2.0 * far;
        }
        nav.sync();
        const NavSnapshot& snap = *nav.snapshot();
        const double shaped = snap.chunk_count() ? double(snap.shaped_chunk_count()) / double(snap.chunk_count()) : 0.0;
        FlowField field;
        // Flow fields follow the ordinary moves: digging and placing agents get one A* each.
        const AgentProfile& agent = nav.moves().profile();
        const bool use_field = std::isfinite(spread) && !agent.changes_world() && prefer_flow_field(c.from.size(), spread, shaped);
        if (use_field) nav.flow_field(c.goal, c.options, field, c.from);
        for (std::size_t i = 0; i < c.from.size(); ++i) {
            Finished f;
            f.ticket = job.ticket;
            f.npc = c.npcs[i];
            if (use_field && field.snapshot() == nav.snapshot() && field.contains(c.from[i])) {
                f.route = field.route_from(c.from[i]);
                f.via_field = true;
            } else {
                nav.find_route(c.from[i], c.goal, c.options, f.route);
            }
            out.push_back(std::move(f));
        }
    }

    void run(std::size_t worker, Job& job, const Agent& agent) {
        std::vector<Finished> out;
        const bool skip = was_cancelled(job.ticket);
        const std::vector<std::uint64_t> one{job.request.npc};
        const std::vector<std::uint64_t>& npcs = job.crowd ? job.crowd->npcs : one;
        try {
            if (skip) {
                for (std::uint64_t npc : npcs) out.push_back(unanswered(job.ticket, npc, true, ""));
            } else if (job.crowd) {
                run_crowd(navigator(worker, job.agent, agent), job, out);
            } else {
                Finished f;
                f.ticket = job.ticket;
                f.npc = job.request.npc;
                navigator(worker, job.agent, agent).find_route(job.request.from, job.request.goal, job.request.options, f.route);
                out.push_back(std::move(f));
            }
        } catch (const std::exception& e) {
            // Options were validated at submit; what is left (memory) is
            // reported, never thrown on a worker.
            out.clear();
            for (std::uint64_t npc : npcs) out.push_back(unanswered(job.ticket, npc, false, e.what()));
        }
        deliver(out, !job.crowd && job.request.claim);
    }

    // A worker: sleeps until a request is queued, runs the oldest; ends
    // when the service is destroyed (after the queue drained: wait_all).
    void thread_loop(std::size_t worker) {
        while (true) {
            Job job;
            const Agent* agent = nullptr;
            {
                std::unique_lock<std::mutex> lock(mutex);
                wake.wait(lock, [&] { return stopping || !queue.empty(); });
                if (queue.empty()) return;
                job = std::move(queue.front());
                queue.pop_front();
                agent = &agents[job.agent];
            }
            run(worker, job, *agent);
        }
    }

    // Checks a request as a Navigator would, publishes this tick's edits,
    // queues the job and starts a worker on it.
    Ticket enqueue(Job job, const char* who) {
        const AgentId id = job.agent;
        if (id >= agents.size()) throw std::out_of_range(std::string("RouteService::") + who + ": unknown agent id " + std::to_string(id));
        const Agent& a = agents[id];
        const Goal& goal = job.crowd ? job.crowd->goal : job.request.goal;
        const QueryOptions& options = job.crowd ? job.crowd->options : job.request.options;
        // Everything the worker's Navigator would reject, rejected here (the
        // floor classes are the same in every snapshot of the field).
        check_query(*a.field->snapshot(), a.profile, goal, options);
        // Publish this tick's edits before a worker takes the request.
        a.field->sync(*world);
        const Ticket t = job.ticket = next_ticket++;
        in_flight.fetch_add(1);
        {
            std::lock_guard<std::mutex> lock(mutex);
            queue.push_back(std::move(job));
        }
        wake.notify_one();
        return t;
    }

    void wait_all() {
        std::unique_lock<std::mutex> lock(mutex);
        idle.wait(lock, [&] { return in_flight.load() == 0; });
    }
};

RouteService::RouteService(const World& world, int threads) : impl_(std::make_unique<Impl>(world, threads)) {}

RouteService::~RouteService() = default;

RouteService::AgentId RouteService::add_agent(const AgentProfile& profile) {
    const CheckedProfile checked(profile);
    Impl::Agent a{checked, NavField::shared(*impl_->world, checked)};
    // Digging and placing read block ids: this agent's field keeps them.
    if (profile.changes_world()) a.field->keep_blocks(*impl_->world);
    std::lock_guard<std::mutex> lock(impl_->mutex);
    impl_->agents.push_back(std::move(a));
    return AgentId(impl_->agents.size() - 1);
}

RouteService::Ticket RouteService::submit(AgentId agent, Request request) {
    return impl_->enqueue({0, agent, std::move(request), nullptr}, "submit");
}

RouteService::Ticket RouteService::submit_crowd(AgentId agent, CrowdRequest request) {
    if (request.npcs.size() != request.from.size())
        throw std::invalid_argument("RouteService::submit_crowd: npcs has " + std::to_string(request.npcs.size()) + " ids but from has " +
                                    std::to_string(request.from.size()) + " positions");
    return impl_->enqueue({0, agent, Request{}, std::make_shared<CrowdRequest>(std::move(request))}, "submit_crowd");
}

std::vector<RouteService::Finished> RouteService::collect() {
    std::vector<Finished> out;
    collect(out);
    return out;
}

void RouteService::collect(std::vector<Finished>& out) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (Finished& f : impl_->finished) out.push_back(std::move(f));
    impl_->finished.clear();
}

bool RouteService::cancel(Ticket ticket) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    for (const Impl::Job& j : impl_->queue)
        if (j.ticket == ticket) {
            impl_->cancelled.insert(ticket);
            return true;
        }
    return false;
}

std::optional<RouteService::Finished> RouteService::take(Ticket ticket) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    const auto it = impl_->claimed.find(ticket);
    if (it == impl_->claimed.end()) return std::nullopt;
    std::optional<Finished> out(std::move(it->second));
    impl_->claimed.erase(it);
    return out;
}

void RouteService::forget(Ticket ticket) {
    std::lock_guard<std::mutex> lock(impl_->mutex);
    if (impl_->claimed.erase(ticket) > 0) return;
    for (const Impl::Job& j : impl_->queue)
        if (j.ticket == ticket) {
            impl_->cancelled.insert(ticket);
            // Its cancelled answer is claimed too: drop it on delivery.
            if (j.request.claim) impl_->forgotten.insert(ticket);
            return;
        }
    impl_->forgotten.insert(ticket);  // running (or unknown: then never delivered, a few bytes)
}

std::size_t RouteService::pending() const { return impl_->in_flight.load(); }

void RouteService::wait() { impl_->wait_all(); }

int RouteService::threads() const { return impl_->thread_count; }

}  // namespace voxnav
