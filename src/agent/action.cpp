// SPDX-License-Identifier: MIT
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
        case Action::Leap: return "leap";
    }
    return "start";
}

std::optional<Action> parse_action(std::string_view text) {
    for (Action a : kActions)
        if (text == to_string(a)) return a;
    return std::nullopt;
}

const char* to_string(WorldAct a) {
    switch (a) {
        case WorldAct::Open: return "open";
        case WorldAct::Dig: return "dig";
        case WorldAct::Place: return "place";
    }
    return "open";
}

std::string to_string(MoveTag m) {
    std::string w = to_string(m.motion());
    for (WorldAct a : kWorldActs)
        if (m.does(a)) w += std::string("+") + to_string(a);
    return w;
}

}  // namespace voxnav
