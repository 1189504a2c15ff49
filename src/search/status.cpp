// SPDX-License-Identifier: MIT
#include "voxnav/search/status.hpp"


namespace voxnav {

const char* to_string(SearchStatus s) {
    switch (s) {
        case SearchStatus::Found: return "found";
        case SearchStatus::Partial: return "partial";
        case SearchStatus::NoPath: return "no_path";
        case SearchStatus::InvalidStart: return "invalid_start";
        case SearchStatus::InvalidGoal: return "invalid_goal";
        case SearchStatus::Cancelled: return "cancelled";
        case SearchStatus::Failed: return "failed";
    }
    return "no_path";
}

std::optional<SearchStatus> parse_search_status(std::string_view s) {
    for (auto st : {SearchStatus::Found, SearchStatus::Partial, SearchStatus::NoPath, SearchStatus::InvalidStart,
                    SearchStatus::InvalidGoal, SearchStatus::Cancelled, SearchStatus::Failed})
        if (s == to_string(st)) return st;
    return std::nullopt;
}


}  // namespace voxnav
