// SPDX-License-Identifier: MIT
// parallel_for over [0, n) with one State per worker thread (internal to facts/).
//
// Normally this is tbb::parallel_for with tbb::enumerable_thread_specific.
// TBB synchronises its workers inside libtbb, which a -fsanitize=thread build
// does not instrument, so TSan would report TBB's own task bookkeeping as
// races. Under ThreadSanitizer the same bodies run on plain std::threads
// (hardware_concurrency of them, at least 2), whose start and join TSan
// sees: what it checks is still the real concurrent derivation.
#pragma once

#include <tbb/blocked_range.h>
#include <tbb/enumerable_thread_specific.h>
#include <tbb/parallel_for.h>

#include <algorithm>
#include <atomic>
#include <cstddef>
#include <thread>
#include <vector>

#include "detail/tsan.hpp"

namespace voxnav::detail {

template <class State, class Body>
void parallel_for_each(std::size_t n, std::size_t grain, const Body& body) {
#ifdef VOXNAV_TSAN
    std::atomic<std::size_t> next{0};
    auto work = [&] {
        State state{};
        for (std::size_t begin; (begin = next.fetch_add(grain)) < n;)
            for (std::size_t i = begin; i < std::min(n, begin + grain); ++i) body(state, i);
    };
    std::vector<std::thread> threads;
    for (unsigned t = 1; t < std::max(2u, std::thread::hardware_concurrency()); ++t) threads.emplace_back(work);
    work();
    for (auto& t : threads) t.join();
#else
    tbb::enumerable_thread_specific<State> states;
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, grain), [&](const tbb::blocked_range<std::size_t>& r) {
        State& state = states.local();
        for (std::size_t i = r.begin(); i < r.end(); ++i) body(state, i);
    });
#endif
}

/// As parallel_for_each, but on the calling thread for fewer than 8 items
/// (a block edit's handful of chunks is not worth waking workers for).
template <class State, class Body>
void for_each_chunk(std::size_t n, const Body& body) {
    if (n >= 8) {
        parallel_for_each<State>(n, 4, body);
        return;
    }
    State state{};
    for (std::size_t i = 0; i < n; ++i) body(state, i);
}

}  // namespace voxnav::detail
