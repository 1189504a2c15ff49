// SPDX-License-Identifier: MIT
/// @file astar.hpp
/// @brief AStar<State>: a node-capped, weighted A* over the states of any
/// problem whose states are `State`, with search memory that is sized once
/// and reused. One engine per state type serves every problem of that type
/// (Navigator keeps one for node ids and one for the dig search's states).
///
/// A Problem supplies:
///
///   struct Problem {
///       using State = ...;                      // trivially copyable, ==
///       std::uint64_t hash(State) const;        // any mixing; the table re-mixes
///       double heuristic(State) const;          // admissible lower bound to the goal;
///                                               // +infinity: no route to the goal from there
///       bool is_goal(State) const;
///       template <class F> void for_each_successor(State, F&& f) const;  // f(State, double cost, std::uint8_t tag)
///       // Or, with `static constexpr bool wants_parent = true;`:
///       //   for_each_successor(State, const State* parent_or_null, F&& f) const;
///       // Optional: states are the integers [0, dense_size()). Then the
///       // search indexes nodes directly instead of hashing (up to 2^32 states),
///       // through pages of 256 states allocated where searches go.
///       std::size_t dense_size() const;
///       std::uint32_t dense_index(State) const;
///       // Optional: true when expanding s at cost g is useless because an
///       // expanded state dominates it; it is then closed unexpanded (not
///       // counted as an expansion). Must keep some cheapest route.
///       bool dominated(State, double g) const;
///       // Optional: `static constexpr bool fast_open = true;` puts one open
///       // node in front of the heap (see open_node): fewer heap operations,
///       // but nodes equal in f and g may come out in another order than the
///       // heap alone gives (so only for problems whose searches are never
///       // traced: the accelerated ones).
///       // Optional: true when heuristic() is dear (a landmark bound): each
///       // node's is then kept from when the node is made (8 bytes a node)
///       // and read, not asked again, when it is expanded or improved.
///       bool keeps_heuristic() const;
///   };
///
///   voxnav::AStar<Problem::State> search;       // keep it: its memory is reused
///   voxnav::SearchResult<Problem::State> out;
///   search.run(problem, start, limits, out);
///
/// Sliced (spread over several game ticks), with the same result:
///
///   search.begin(problem, start, limits);
///   while (!search.step(problem, 1000)) { /* next tick */ }
///   search.finish(problem, out);
///
/// Any problem type with the same State may be run by one AStar (its memory
/// is shared); the problem passed to step and finish must be the one begun.
///
/// Memory: per distinct node 21 bytes (a 16-byte record for 32-bit states, a
/// heap position and a move tag) and at most 16 bytes of open
/// list, plus an index: a hash table of 8-16 bytes per node, or, for dense
/// problems, a directory of 4 bytes per 256 states and 1 KiB pages (4 bytes
/// per state) only for the runs of 256 states a search touches. Grown only
/// when a search needs more than any before it, so after warm-up a query
/// allocates nothing.
/// Not thread-safe: use one AStar per thread.
///
/// Errors: a search throws only std::bad_alloc (growing its memory) and
/// whatever the Problem throws; the problems of route/ throw nothing.
#pragma once

#include "detail/config.hpp"
#include "voxnav/search/status.hpp"
#include "search/trace.hpp"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <memory>
#include <new>
#include <utility>
#include <cstdint>
#include <limits>
#include <type_traits>
#include <vector>

namespace voxnav {

namespace detail {
template <class P, class = void>
struct has_dense_states : std::false_type {};
template <class P>
struct has_dense_states<P, std::void_t<decltype(std::declval<const P&>().dense_size()),
                                       decltype(std::declval<const P&>().dense_index(std::declval<typename P::State>()))>>
    : std::true_type {};

// Problems that declare `static constexpr bool wants_parent = true` get the
// parent's state: for_each_successor(State, const State* parent_or_null, f).
// Problems with `bool dominated(State, double g)` may skip expanding a state
// another expanded state makes useless (reaches the same place no dearer and
// with at least as much of a resource: route/dig_problem.hpp's blocks left).
template <class P, class = void>
struct has_dominance : std::false_type {};
template <class P>
struct has_dominance<P, std::void_t<decltype(std::declval<const P&>().dominated(std::declval<typename P::State>(), 0.0))>>
    : std::true_type {};

template <class P, class = void>
struct wants_parent : std::false_type {};
template <class P>
struct wants_parent<P, std::void_t<decltype(P::wants_parent)>> : std::bool_constant<P::wants_parent> {};

template <class P, class = void>
struct fast_open : std::false_type {};
template <class P>
struct fast_open<P, std::void_t<decltype(P::fast_open)>> : std::bool_constant<P::fast_open> {};

template <class P, class = void>
struct has_keeps_heuristic : std::false_type {};
template <class P>
struct has_keeps_heuristic<P, std::void_t<decltype(std::declval<const P&>().keeps_heuristic())>> : std::true_type {};
template <class P>
bool keeps_heuristic(const P& problem) {
    if constexpr (has_keeps_heuristic<P>::value) return problem.keeps_heuristic();
    else return false;
}
}  // namespace detail

template <class State>
struct SearchResult {
    SearchStatus status = SearchStatus::NoPath;
    std::vector<State> states;         ///< start first; empty for NoPath
    std::vector<std::uint8_t> tags;    ///< tag of the move reaching states[i]; tags[0] = 0
    std::vector<double> step_costs;    ///< cost of the move reaching states[i]; [0] = 0
    double cost = 0.0;                 ///< sum of step_costs
    SearchMetrics metrics;
};

template <class State>
class AStar {
public:
    static_assert(std::is_trivially_copyable_v<State>, "search states must be trivially copyable");

    /// Searches from `start` until the goal, the node cap or exhaustion.
    /// Does not check that start or goal are valid: callers report those.
    template <class P>
    void run(const P& problem, State start, const SearchLimits& limits, SearchResult<State>& out) {
        begin(problem, start, limits);
        while (!step(problem, 0xFFFFFFFFu)) {}
        finish(problem, out);
    }

    /// Starts a sliced search (discarding any search in progress).
    template <class P>
    void begin(const P& problem, State start, const SearchLimits& limits);
    /// Runs at most `max_expansions` expansions; true once the search is over
    /// (goal, node cap, max_cost or exhaustion). Calls after that do nothing.
    template <class P>
    bool step(const P& problem, std::uint32_t max_expansions);
    /// The answer of a search that is over (step returned true).
    template <class P>
    void finish(const P& problem, SearchResult<State>& out) const;
    /// True between begin and the step that ends the search.
    [[nodiscard]] bool in_progress() const { return active_ && !done_; }
    /// Expansions of the current or last search so far.
    [[nodiscard]] std::uint64_t expanded() const { return expanded_; }
    /// Forgets the search in progress (its memory stays for the next one).
    void cancel() { active_ = false; done_ = false; }
    /// Calls f(State, double g, std::uint8_t tag) for every node the last
    /// search of `problem` expanded, in the order the nodes were created:
    /// what a flood reached, read from the closed set without a recorder.
    /// (Closed but not expanded: the node the cap stopped at, nodes past
    /// max_cost and dead ends, told apart by the problem's heuristic; so
    /// not for problems with dominance, whose skipped nodes look expanded.)
    /// Valid after the search is over, until the next begin or reserve.
    template <class P, class F>
    void for_each_expanded(const P& problem, F&& f) const {
        static_assert(!detail::has_dominance<P>::value, "nodes closed as dominated cannot be told from expanded ones");
        for (std::uint32_t n = 0; n < nodes_.size(); ++n) {
            if (heap_pos_[n] != kClosed || n == capped_node_) continue;
            const Node& node = nodes_[n];
            const double h = problem.heuristic(node.state);
            if (h == std::numeric_limits<double>::infinity() || node.g + h > limits_.max_cost) continue;
            f(node.state, node.g, tags_[n]);
        }
    }
    /// Records what the next searches do into `record` (cleared by begin),
    /// until called with nullptr. `record` must outlive those searches.
    void record_into(SearchRecord<State>* record) { record_ = record; }

    /// Makes room for searches of up to `max_nodes` nodes (node records,
    /// open list and hash index; direct-index pages for about one page of
    /// 256 states per 8 nodes, beyond which they grow as before), so that
    /// they allocate nothing: what a game does once at load rather than pay
    /// in its first queries. Forgets the last search (take its answer with
    /// finish() first); a search in progress is cancelled. Cost: O(the
    /// memory it reserves). `dense_states`: a problem's dense_size(), when
    /// its states are dense (the direct index's directory is sized for it).
    /// [Units: nodes]
    void reserve(std::size_t max_nodes, std::size_t dense_states = 0) {
        cancel();
        // Both indexes emptied whole and the last search's nodes forgotten
        // (no problem at hand to hash them: a load-time call may sweep).
        std::fill(table_.begin(), table_.end(), kNone);
        std::fill(arena_.begin(), arena_.begin() + std::ptrdiff_t(std::min(arena_.size(), touched_.size() * kPage)), 0u);
        for (std::uint32_t key : touched_) dir_[key] = 0;
        touched_.clear();
        clear_nodes();
        heap_.clear();
        has_fast_ = false;
        nodes_.reserve(max_nodes + 1);
        heap_pos_.reserve(max_nodes + 1);
        tags_.reserve(max_nodes + 1);
        heap_.reserve(max_nodes + 1);
        if (table_.size() < 2 * (max_nodes + 1)) {
            std::size_t size = std::size_t(1) << 12;
            while (size < 2 * (max_nodes + 1)) size *= 2;
            empty_table(size);
        }
        if (dense_states > 0 && dense_states <= kDenseLimit) {
            const std::size_t keys = (dense_states + kPage - 1) >> kPageBits;
            if (dir_.size() < keys) dir_.resize(keys, 0);
        }
        const std::size_t pages = max_nodes / 8 + 64;
        if (arena_.size() < pages * kPage) arena_.resize(pages * kPage, 0);
        touched_.reserve(pages);
    }

    /// Bytes of search memory reserved (the direct index counts in full).
    [[nodiscard]] std::size_t memory_bytes() const {
        return nodes_.capacity() * kNodeBytes + h_.capacity() * sizeof(double) + table_.capacity() * sizeof(std::uint32_t) +
               (dir_.capacity() + arena_.capacity()) * sizeof(std::uint32_t) + heap_.capacity() * sizeof(HeapEntry);
    }
    /// Bytes the last search used: its node records, the open list's peak
    /// and the index: the hash table, or the direct index's pages it touched.
    [[nodiscard]] std::size_t bytes_in_use() const {
        const std::size_t index = dense_ ? touched_.size() * kPage * sizeof(std::uint32_t) : table_.size() * sizeof(std::uint32_t);
        return nodes_.size() * kNodeBytes + h_.size() * sizeof(double) + index + heap_peak_ * sizeof(HeapEntry);
    }

private:
    static constexpr std::uint32_t kNone = 0xFFFFFFFFu;
    static constexpr std::uint32_t kClosed = 0xFFFFFFFEu;
    static constexpr std::uint32_t kFast = 0xFFFFFFFDu;  // heap position of the node in fast_
    static constexpr std::size_t kNodeBytes = sizeof(double) + sizeof(State) + 2 * sizeof(std::uint32_t) + 1;

    // Hot per-node data; heap positions and move tags live in their own
    // arrays so heap sifts touch 4 bytes per node, not a whole record.
    struct Node {
        double g;
        State state;
        std::uint32_t parent;
    };
    struct HeapEntry {
        std::int64_t key;  // f in quanta (see tie_key)
        float g;           // tie-break only: prefer deeper nodes among equal keys
        std::uint32_t node;
    };

    /// Open-list order. f values that are equal on paper differ in their last
    /// bits depending on the order their sums of 1, sqrt 2 and sqrt 3 were
    /// added in; so f is compared in quanta of kTie times the start's
    /// f (a fixed scale for the whole search), and equal quanta are ties that
    /// go to the larger g (the node nearer the goal), as in warthog and the
    /// reference A*s. That expands far fewer nodes on the plateaus of grid
    /// maps, and an integer key keeps the comparison a strict weak order and
    /// as cheap as an exact one. Costs stay optimal to within one quantum
    /// per node of the route. [Limit: f below 9e8 times the quantum's scale;
    /// beyond that, keys saturate and only g orders the open list]
    static constexpr double kTie = 1e-10;
    [[nodiscard]] std::int64_t tie_key(double f) const {
        const double q = f * inv_quantum_ + 0.5;
        return q < 9.0e18 ? static_cast<std::int64_t>(q) : std::numeric_limits<std::int64_t>::max();
    }
    static bool before(const HeapEntry& a, const HeapEntry& b) { return a.key < b.key || (a.key == b.key && a.g > b.g); }

    // --- open list, for problems with fast_open: one entry before the heap ---
    // The open list is fast_ (when has_fast_) and the heap. A node opened
    // goes to fast_ when that is empty or it comes first there (the entry it
    // displaces goes into the heap); a node improved keeps its place; a pop
    // takes fast_ unless the heap's top comes before it. With a tight bound
    // (landmarks, jump points) the node expanded next is mostly the one just
    // opened (81% of pops on the peer kit's large world), which then skips
    // a push and a pop, whose sift down is a chain of dependent loads. The
    // order is the heap's except among nodes equal in key and g, which the
    // heap itself hands out in an order its history decides.
    void open_node(std::uint32_t n, double f) {
        const HeapEntry e{tie_key(f), static_cast<float>(nodes_[n].g), n};
        if (!has_fast_) {
            fast_ = e;
            has_fast_ = true;
            heap_pos_[n] = kFast;
        } else if (before(e, fast_)) {
            heap_insert(fast_);
            fast_ = e;
            heap_pos_[n] = kFast;
        } else {
            heap_insert(e);
        }
        heap_peak_ = std::max(heap_peak_, heap_.size() + 1);
    }
    // A node of the open list reached more cheaply: its new key.
    void improve_node(std::uint32_t n, double f) {
        if (heap_pos_[n] == kFast) {
            fast_.key = tie_key(f);
            fast_.g = static_cast<float>(nodes_[n].g);
        } else {
            heap_decrease(n, f);
        }
    }
    // Takes the open list's first node out (the open list must not be empty).
    std::uint32_t take_first() {
        if (has_fast_ && (heap_.empty() || !before(heap_[0], fast_))) {
            has_fast_ = false;
            heap_pos_[fast_.node] = kClosed;
            return fast_.node;
        }
        return heap_pop();  // fast_, if any, stays: the heap's top came first
    }

    // --- open list: 4-ary heap that keeps each node's position -------------
    // Four children of 16 bytes share a cache line, and the tree is half as deep.
    static constexpr std::size_t kArity = 4;
    void heap_insert(const HeapEntry& e) {
        heap_.push_back(e);
        sift_up(heap_.size() - 1);
    }
    void heap_push(std::uint32_t n, double f) {
        heap_insert({tie_key(f), static_cast<float>(nodes_[n].g), n});
        heap_peak_ = std::max(heap_peak_, heap_.size());
    }
    std::uint32_t heap_pop() {
        const std::uint32_t top = heap_[0].node;
        heap_pos_[top] = kClosed;
        heap_[0] = heap_.back();
        heap_.pop_back();
        if (!heap_.empty()) {
            heap_pos_[heap_[0].node] = 0;
            sift_down(0);
        }
        return top;
    }
    void heap_decrease(std::uint32_t n, double f) {
        const std::size_t i = heap_pos_[n];
        heap_[i].key = tie_key(f);
        heap_[i].g = static_cast<float>(nodes_[n].g);
        sift_up(i);
    }
    void sift_up(std::size_t i) {
        const HeapEntry e = heap_[i];
        while (i > 0) {
            const std::size_t parent = (i - 1) / kArity;
            if (!before(e, heap_[parent])) break;
            heap_[i] = heap_[parent];
            heap_pos_[heap_[i].node] = static_cast<std::uint32_t>(i);
            i = parent;
        }
        heap_[i] = e;
        heap_pos_[e.node] = static_cast<std::uint32_t>(i);
    }
    void sift_down(std::size_t i) {
        const HeapEntry e = heap_[i];
        const std::size_t n = heap_.size();
        while (true) {
            const std::size_t first = kArity * i + 1;
            if (first >= n) break;
            std::size_t c = first;
            const std::size_t last = std::min(first + kArity, n);
            for (std::size_t k = first + 1; k < last; ++k)
                if (before(heap_[k], heap_[c])) c = k;
            if (!before(heap_[c], e)) break;
            heap_[i] = heap_[c];
            heap_pos_[heap_[i].node] = static_cast<std::uint32_t>(i);
            i = c;
        }
        heap_[i] = e;
        heap_pos_[e.node] = static_cast<std::uint32_t>(i);
    }

    // --- recording (only with record_into) ---------------------------------
    typename SearchRecord<State>::Node record_of(std::uint32_t n, double h) const {
        typename SearchRecord<State>::Node r;
        r.state = nodes_[n].state;
        r.root = nodes_[n].parent == kNone;
        r.parent = r.root ? r.state : nodes_[nodes_[n].parent].state;
        r.g = nodes_[n].g;
        r.h = h;
        r.tag = tags_[n];
        return r;
    }
    template <class P>
    void record_end(const P& problem) {
        const std::uint32_t end = found_ != kNone ? found_ : (capped_ ? best_ : kNone);
        record_->has_end = end != kNone;
        if (end != kNone) record_->end = record_of(end, problem.heuristic(nodes_[end].state));
        if (has_fast_) record_->open.push_back(record_of(fast_.node, problem.heuristic(nodes_[fast_.node].state)));
        for (const HeapEntry& e : heap_) record_->open.push_back(record_of(e.node, problem.heuristic(nodes_[e.node].state)));
    }

    // --- node table: open addressing (linear probing) over node indices -----
    // Reset costs one probe per node of the last search, not the table size.
    std::size_t slot_of(std::uint64_t h) const { return static_cast<std::size_t>((h * 0x9E3779B97F4A7C15ull) >> shift_); }

    /// Index of the node for `s`, creating it when new.
    template <class P>
    VOXNAV_INLINE std::uint32_t find_or_add(const P& problem, const State& s, bool& added) {
        if constexpr (detail::has_dense_states<P>::value) {
            if (dense_) {
                const std::uint32_t idx = problem.dense_index(s);
                std::uint32_t page = dir_[idx >> kPageBits];
                if (page == 0) page = take_page(idx >> kPageBits);
                std::uint32_t& slot = arena_[std::size_t(page - 1) * kPage + (idx & (kPage - 1))];  // node index + 1; 0 = none
                added = slot == 0;
                if (added) {
                    add_node(s);
                    slot = static_cast<std::uint32_t>(nodes_.size());
                }
                return slot - 1;
            }
        }
        std::size_t i = slot_of(problem.hash(s));
        const std::size_t mask = table_.size() - 1;
        while (true) {
            const std::uint32_t n = table_[i];
            if (n >= nodes_.size()) break;
            if (nodes_[n].state == s) {
                added = false;
                return n;
            }
            i = (i + 1) & mask;
        }
        const auto n = static_cast<std::uint32_t>(nodes_.size());
        table_[i] = n;
        add_node(s);
        added = true;
        if (nodes_.size() * 2 > table_.size()) grow_table(problem);
        return n;
    }

    void add_node(const State& s) {
        nodes_.push_back({0.0, s, kNone});
        heap_pos_.push_back(kNone);
        tags_.push_back(0);
        if (keep_h_) h_.push_back(0.0);
    }

    // Empties the slots of the last search's nodes, newest first: each node's
    // probe path then still holds only older, not yet emptied, nodes.
    template <class P>
    void reset_table(const P& problem) {
        if constexpr (detail::has_dense_states<P>::value) {
            if (dense_) {
                // Pages are handed back zeroed: whole (1 KiB each) when the
                // search filled them densely, else slot by slot, so a search
                // that scattered its nodes over many pages (a flyer's, in 3D)
                // does not pay 256 slots per page it touched.
                if (nodes_.size() * 16 >= touched_.size() * kPage) {
                    std::fill(arena_.begin(), arena_.begin() + std::ptrdiff_t(touched_.size() * kPage), 0u);
                } else {
                    for (const Node& node : nodes_) {
                        const std::uint32_t idx = problem.dense_index(node.state);
                        arena_[std::size_t(dir_[idx >> kPageBits] - 1) * kPage + (idx & (kPage - 1))] = 0;
                    }
                }
                for (std::uint32_t key : touched_) dir_[key] = 0;
                touched_.clear();
                clear_nodes();
                return;
            }
        }
        const std::size_t mask = table_.size() - 1;
        for (std::uint32_t n = static_cast<std::uint32_t>(nodes_.size()); n-- > 0;) {
            std::size_t i = slot_of(problem.hash(nodes_[n].state));
            while (table_[i] != n) i = (i + 1) & mask;
            table_[i] = kNone;
        }
        clear_nodes();
    }
    void clear_nodes() {
        nodes_.clear();
        heap_pos_.clear();
        tags_.clear();
        h_.clear();
    }

    template <class P>
    void grow_table(const P& problem) {
        std::size_t size = std::max<std::size_t>(table_.size() * 2, 1 << 12);
        while (nodes_.size() * 2 > size) size *= 2;
        empty_table(size);
        const std::size_t mask = size - 1;
        for (std::uint32_t n = 0; n < nodes_.size(); ++n) {
            std::size_t i = slot_of(problem.hash(nodes_[n].state));
            while (table_[i] < n) i = (i + 1) & mask;
            table_[i] = n;
        }
    }

    // An empty hash index of `size` slots (a power of two) and its shift.
    void empty_table(std::size_t size) {
        table_.assign(size, kNone);
        shift_ = 64;
        for (std::size_t s = size; s > 1; s >>= 1) --shift_;
    }

    // Chooses direct indexing when the problem's states are dense; clears
    // whichever index the last search used.
    template <class P>
    void prepare_index(const P& problem) {
        if (table_.empty()) grow_table(problem);
        reset_table(problem);
        dense_ = false;
        if constexpr (detail::has_dense_states<P>::value) {
            const std::size_t n = problem.dense_size();
            if (n <= kDenseLimit) {
                const std::size_t keys = (n + kPage - 1) >> kPageBits;
                if (dir_.size() < keys) dir_.resize(keys, 0);
                dense_ = true;
            }
        }
    }
    // The page for directory key `key`, from the arena (grown only when a
    // search touches more pages than any before it).
    std::uint32_t take_page(std::uint32_t key) {
        const std::size_t used = touched_.size();
        if ((used + 1) * kPage > arena_.size()) arena_.resize(std::max<std::size_t>(arena_.size() * 2, 64 * kPage), 0);
        touched_.push_back(key);
        dir_[key] = static_cast<std::uint32_t>(used + 1);
        return dir_[key];
    }
    static constexpr unsigned kPageBits = 8;
    static constexpr std::size_t kPage = std::size_t(1) << kPageBits;
    static constexpr std::size_t kDenseLimit = std::size_t(1) << 32;

    std::vector<Node> nodes_;
    std::vector<std::uint32_t> heap_pos_;  // per node; kClosed once expanded
    std::vector<std::uint8_t> tags_;       // per node: the move that reached it
    std::vector<double> h_;                // per node while keep_h_: its heuristic (Problem::keeps_heuristic)
    bool keep_h_ = false;
    bool dense_ = false;
    std::vector<std::uint32_t> dir_;      // per 256 states: page number + 1, or 0
    std::vector<std::uint32_t> arena_;    // the pages, 256 node indices + 1 each
    std::vector<std::uint32_t> touched_;  // directory keys the current search paged in
    std::vector<std::uint32_t> table_;
    std::vector<HeapEntry> heap_;
    HeapEntry fast_{};  // the open node before the heap, when has_fast_ (fast_open problems)
    bool has_fast_ = false;
    std::size_t heap_peak_ = 0;
    SearchRecord<State>* record_ = nullptr;
    unsigned shift_ = 64;

    // The search in progress, kept between steps.
    bool active_ = false, done_ = false, capped_ = false;
    std::uint32_t capped_node_ = kNone;  // taken out of the open list when the cap stopped the search
    SearchLimits limits_;
    double weight_ = 1.0;
    double inv_quantum_ = 1.0 / kTie;
    std::uint32_t best_ = kNone, found_ = kNone;
    double best_h_ = 0.0, best_g_ = 0.0;
    std::uint64_t expanded_ = 0, relaxed_ = 0, improved_ = 0;
    double microseconds_ = 0.0;
};

template <class State>
template <class P>
void AStar<State>::begin(const P& problem, State start, const SearchLimits& limits) {
    static_assert(std::is_same_v<typename P::State, State>, "the problem's states are not this engine's");
    const auto t0 = std::chrono::steady_clock::now();
    prepare_index(problem);
    keep_h_ = detail::keeps_heuristic(problem);  // (the nodes, and h_, are empty now)
    heap_.clear();
    has_fast_ = false;
    heap_peak_ = 0;
    limits_ = limits;
    weight_ = limits.weight >= 1.0 ? limits.weight : 1.0;
    bool added = false;
    const std::uint32_t root = find_or_add(problem, start, added);
    nodes_[root].g = 0.0;
    best_h_ = problem.heuristic(start);
    if (keep_h_) h_[root] = best_h_;
    best_g_ = 0.0;
    // An infinite bound at the start: the goal cannot be reached (no_path at once).
    const bool dead_end = best_h_ == std::numeric_limits<double>::infinity();
    inv_quantum_ = dead_end ? 1.0 / kTie : 1.0 / (kTie * std::max(weight_ * best_h_, 1.0));
    if (!dead_end) heap_push(root, weight_ * best_h_);
    if (record_) record_->clear();
    best_ = root;
    found_ = kNone;
    expanded_ = relaxed_ = improved_ = 0;
    capped_ = false;
    capped_node_ = kNone;
    active_ = true;
    done_ = false;
    microseconds_ = std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
}

template <class State>
template <class P>
bool AStar<State>::step(const P& problem, std::uint32_t max_expansions) {
    static_assert(std::is_same_v<typename P::State, State>, "the problem's states are not this engine's");
    if (!active_ || done_) return true;
    const auto t0 = std::chrono::steady_clock::now();
    constexpr bool fast = detail::fast_open<P>::value;
    const double w = weight_;
    // Locals for the loop; written back when the slice ends.
    std::uint32_t best = best_;
    double best_h = best_h_, best_g = best_g_;
    std::uint64_t expanded = expanded_, relaxed = relaxed_, improved = improved_;
    std::uint32_t slice = 0;
    bool over = true;
    while (has_fast_ || !heap_.empty()) {
        if (slice == max_expansions) {
            over = false;
            break;
        }
        const std::uint32_t n = fast ? take_first() : heap_pop();
        const State s = nodes_[n].state;
        const double g = nodes_[n].g;
        const double h = keep_h_ ? h_[n] : problem.heuristic(s);
        if (g + h > limits_.max_cost) continue;
        if (problem.is_goal(s)) {
            found_ = n;
            break;
        }
        if (expanded >= limits_.max_nodes) {
            capped_ = true;
            capped_node_ = n;
            if (record_) record_->open.push_back(record_of(n, h));  // taken out, never expanded
            break;
        }
        if constexpr (detail::has_dominance<P>::value)
            if (problem.dominated(s, g)) continue;
        ++expanded;
        ++slice;
        if (record_) record_->expanded.push_back(record_of(n, h));
        if (h < best_h || (h == best_h && g < best_g)) {
            best = n;
            best_h = h;
            best_g = g;
        }
        auto relax = [&](const State& t, double cost, std::uint8_t tag) VOXNAV_INLINE {
            ++relaxed;
            const double ng = g + cost;
            bool is_new = false;
            const std::uint32_t m = find_or_add(problem, t, is_new);
            Node& node = nodes_[m];
            if (is_new) {
                node.g = ng;
                node.parent = n;
                tags_[m] = tag;
                const double ht = problem.heuristic(t);
                if (keep_h_) h_[m] = ht;
                if (ht == std::numeric_limits<double>::infinity()) {
                    heap_pos_[m] = kClosed;  // a dead end: never opened, never reopened
                    return;
                }
                if constexpr (fast) open_node(m, ng + w * ht);
                else heap_push(m, ng + w * ht);
            } else if (heap_pos_[m] != kClosed && ng < node.g) {
                // Closed nodes are final: the heuristic is consistent, and at
                // weight > 1 skipping re-expansion keeps the w-bound.
                node.g = ng;
                node.parent = n;
                tags_[m] = tag;
                ++improved;
                const double f = ng + w * (keep_h_ ? h_[m] : problem.heuristic(t));
                if constexpr (fast) improve_node(m, f);
                else heap_decrease(m, f);
            }
        };
        if constexpr (detail::wants_parent<P>::value) {
            // A copy: relax() may grow nodes_.
            const std::uint32_t pn = nodes_[n].parent;
            const State parent = pn == kNone ? s : nodes_[pn].state;
            problem.for_each_successor(s, pn == kNone ? nullptr : &parent, relax);
        } else {
            problem.for_each_successor(s, relax);
        }
    }
    best_ = best;
    best_h_ = best_h;
    best_g_ = best_g;
    expanded_ = expanded;
    relaxed_ = relaxed;
    improved_ = improved;
    done_ = over;
    if (record_ && done_) record_end(problem);
    microseconds_ += std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - t0).count();
    return done_;
}

template <class State>
template <class P>
void AStar<State>::finish(const P&, SearchResult<State>& out) const {
    out.states.clear();
    out.tags.clear();
    out.step_costs.clear();
    out.cost = 0.0;
    out.metrics = {};
    std::uint32_t end = kNone;
    if (found_ != kNone) {
        out.status = SearchStatus::Found;
        end = found_;
    } else if (capped_) {
        out.status = SearchStatus::Partial;
        end = best_;
    } else {
        out.status = SearchStatus::NoPath;
    }
    if (!active_) end = kNone;
    for (std::uint32_t n = end; n != kNone; n = nodes_[n].parent) {
        out.states.push_back(nodes_[n].state);
        out.tags.push_back(tags_[n]);
        const std::uint32_t p = nodes_[n].parent;
        out.step_costs.push_back(p == kNone ? 0.0 : nodes_[n].g - nodes_[p].g);
    }
    std::reverse(out.states.begin(), out.states.end());
    std::reverse(out.tags.begin(), out.tags.end());
    std::reverse(out.step_costs.begin(), out.step_costs.end());
    if (end != kNone) out.cost = nodes_[end].g;
    out.metrics.expanded = expanded_;
    out.metrics.generated = nodes_.size();
    out.metrics.relaxed = relaxed_;
    out.metrics.improved = improved_;
    out.metrics.microseconds = microseconds_;
}

}  // namespace voxnav
