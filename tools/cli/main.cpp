// voxnav: route, replay benchmark scenarios, inspect and convert worlds.
#include "cli_common.hpp"

#include "voxnav/detail/tsan.hpp"

#include <tbb/global_control.h>

#include <cstdio>
#include <vector>

int main(int argc, char** argv) {
    using namespace voxnav::cli;
#ifdef VOXNAV_TSAN
    // TBB on the calling thread only (see voxnav/detail/tsan.hpp).
    const tbb::global_control serial(tbb::global_control::max_allowed_parallelism, 1);
#endif
    CLI::App app{"voxnav - 3D voxel navigation"};
    app.require_subcommand(1);
    std::vector<Command> commands{add_route_command(app), add_scen_command(app), add_info_command(app),
                                  add_convert_command(app), add_gen_command(app), add_bench_command(app),
                                  add_live_command(app), add_query_bench_command(app), add_soak_command(app), add_render_command(app),
                                  add_reach_command(app), add_compare_command(app), add_view_command(app),
                                  add_field_command(app), add_crowd_command(app), add_chase_command(app)};
    try {
        app.parse(argc, argv);
    } catch (const CLI::CallForHelp& e) {
        return app.exit(e);
    } catch (const CLI::CallForAllHelp& e) {
        return app.exit(e);
    } catch (const CLI::ParseError& e) {
        std::fprintf(stderr, "voxnav: %s\n", e.what());
        return kBadInput;
    }
    try {
        for (const Command& c : commands)
            if (int code = c(); code >= 0) return code;
    } catch (const UsageError& e) {
        std::fprintf(stderr, "voxnav: %s\n", e.what());
        return kBadInput;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "voxnav: %s\n", e.what());
        return kBadInput;
    }
    return kBadInput;
}
