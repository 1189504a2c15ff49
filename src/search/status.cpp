#include "voxnav/search/astar.hpp"
#include "voxnav/search/status.hpp"

#include <sys/mman.h>

#include <cstdint>

namespace voxnav {

const char* to_string(SearchStatus s) {
    switch (s) {
        case SearchStatus::Found: return "found";
        case SearchStatus::Partial: return "partial";
        case SearchStatus::NoPath: return "no_path";
        case SearchStatus::InvalidStart: return "invalid_start";
        case SearchStatus::InvalidGoal: return "invalid_goal";
    }
    return "no_path";
}

std::optional<SearchStatus> parse_search_status(std::string_view s) {
    for (auto st : {SearchStatus::Found, SearchStatus::Partial, SearchStatus::NoPath, SearchStatus::InvalidStart,
                    SearchStatus::InvalidGoal})
        if (s == to_string(st)) return st;
    return std::nullopt;
}

namespace detail {
void advise_huge_pages(void* data, std::size_t bytes) {
#ifdef MADV_HUGEPAGE
    constexpr std::uintptr_t kHuge = 2u << 20;
    const auto begin = (reinterpret_cast<std::uintptr_t>(data) + kHuge - 1) & ~(kHuge - 1);
    const auto end = (reinterpret_cast<std::uintptr_t>(data) + bytes) & ~(kHuge - 1);
    if (end > begin) madvise(reinterpret_cast<void*>(begin), end - begin, MADV_HUGEPAGE);
#else
    (void)data;
    (void)bytes;
#endif
}
}  // namespace detail

}  // namespace voxnav
