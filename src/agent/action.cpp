#include "voxnav/agent/action.hpp"

namespace voxnav {

const char* to_string(Action a) {
    switch (a) {
        case Action::Start: return "start";
        case Action::Walk: return "walk";
        case Action::Jump: return "jump";
        case Action::Fall: return "fall";
        case Action::Swim: return "swim";
        case Action::Fly: return "fly";
        case Action::Climb: return "climb";
        case Action::Open: return "open";
        case Action::Dig: return "dig";
        case Action::Place: return "place";
    }
    return "start";
}

std::optional<Action> parse_action(std::string_view text) {
    for (Action a : kActions)
        if (text == to_string(a)) return a;
    return std::nullopt;
}

}  // namespace voxnav
