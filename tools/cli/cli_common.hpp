// SPDX-License-Identifier: MIT
// Shared pieces of the voxnav command-line tool: exit codes, argument
// errors, loading worlds and profiles with messages that name the file.
#pragma once

#include "bench/terrain.hpp"
#include "voxnav/voxnav.hpp"

#include <CLI/CLI.hpp>

#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

namespace voxnav::cli {

enum Exit : int { kOk = 0, kQueryFailed = 1, kBadInput = 2 };

/// Thrown for bad arguments or unreadable files; main prints it and exits 2.
struct UsageError : std::runtime_error {
    using std::runtime_error::runtime_error;
};

/// "X,Y,Z" or the name of one of the world's positions.
Voxel parse_position(const World& world, const std::string& text, const char* option);
/// "@x,y,z": a point in game units.
glm::dvec3 parse_game_position(const std::string& text, const char* option);
World load_world_or_fail(const std::string& path);
AgentProfile load_profile_or_fail(const std::optional<std::string>& path);
/// Checks a weight, node cap and cost limit given on the command line.
SearchLimits make_limits(double weight, std::optional<long long> max_nodes, std::optional<double> max_cost);

/// `--world FILE` (required) and `--agent FILE`, in one wording for every
/// command that loads a world or a profile (`what`: the command's own
/// description when it says more).
CLI::Option* add_world_option(CLI::App* sub, std::string& into, const std::string& what = "World file");
CLI::Option* add_agent_option(CLI::App* sub, std::optional<std::string>& into,
                              const std::string& what = "Agent profile JSON (default: the 1x2 humanoid)");
/// Adds `--accel auto|off|jump` (QueryOptions::acceleration) to a subcommand.
void add_accel_option(CLI::App* sub, std::string& into);
/// The Acceleration an --accel value names (checked by add_accel_option).
Acceleration parse_accel(const std::string& text);
/// Gives `nav` landmark tables of `count` landmarks (0: none), built now on
/// this thread, before any query, as a game's worker would have built them
/// by the time routes are asked for (--landmarks of bench, scen and route).
void build_landmarks_now(Navigator& nav, int count);

/// Writes `text` to `path` (replacing it); UsageError naming the option and
/// the file when it cannot.
void write_text_file(const std::string& path, const std::string& text, const char* option);

/// Seeded standable start and goal pairs at a spread of distances.
std::vector<BenchQuery> pick_queries(const World& w, const AgentProfile& a, int n, std::uint32_t seed);

/// Edits (insert, delete, replace) between two words.
std::size_t edit_distance(const std::string& a, const std::string& b);
/// What "did you mean" suggests for a word that is no command, option or
/// key: the candidate it begins, else the nearest one at most two edits
/// away and fewer than its letters (dashes aside); "" when none is that near.
std::string nearest_word(const std::string& word, const std::vector<std::string>& candidates);

/// Registers each subcommand on the app and returns the callback to run it.
using Command = std::function<int()>;
Command add_route_command(CLI::App& app);
Command add_scen_command(CLI::App& app);
Command add_info_command(CLI::App& app);
Command add_convert_command(CLI::App& app);
Command add_gen_command(CLI::App& app);
Command add_bench_command(CLI::App& app);
Command add_live_command(CLI::App& app);
Command add_query_bench_command(CLI::App& app);
Command add_soak_command(CLI::App& app);
Command add_render_command(CLI::App& app);
Command add_reach_command(CLI::App& app);
Command add_compare_command(CLI::App& app);
Command add_view_command(CLI::App& app);
Command add_field_command(CLI::App& app);
Command add_crowd_command(CLI::App& app);
Command add_chase_command(CLI::App& app);
Command add_follow_command(CLI::App& app);
Command add_follow_bench_command(CLI::App& app);
/// The middle value (the upper one of an even count); 0 for none.
double median(std::vector<double> values);
/// Peak resident memory of this process.
std::size_t peak_rss_bytes();
/// The block tree's bytes per non-air voxel (0 for an empty world).
double store_bytes_per_voxel(const World& world);

}  // namespace voxnav::cli
