// SPDX-License-Identifier: MIT
// Replays the fuzz seed corpora and every input that once broke a reader:
// each must load or fail with an error, never crash.
#include "fuzz/targets.hpp"
#include "voxnav/io/formats.hpp"
#include "voxnav/io/imports.hpp"
#include "voxnav/io/nbt.hpp"
#include "voxnav/agent/profile.hpp"
#include "voxnav/route/route.hpp"

#include <catch2/catch.hpp>

#include <dirent.h>
#include <fstream>
#include <sstream>

using namespace voxnav;

namespace {

std::vector<std::string> files_in(const std::string& dir) {
    std::vector<std::string> out;
    if (DIR* d = opendir(dir.c_str())) {
        while (dirent* e = readdir(d))
            if (e->d_name[0] != '.') out.push_back(dir + "/" + e->d_name);
        closedir(d);
    }
    return out;
}

std::vector<std::uint8_t> bytes_of(const std::string& path) {
    std::ifstream f(path, std::ios::binary);
    return std::vector<std::uint8_t>(std::istreambuf_iterator<char>(f), {});
}

}  // namespace

// Every target replays its seed corpus (tests/fuzz/corpus_<name>/) and the
// inputs fuzzing found (tests/fuzz/regressions/<name>/). A target lets only
// undocumented exceptions through, so a failure here is a reader bug.
TEST_CASE("fuzz corpora and regressions: every reader fails only with its documented errors", "[fuzz]") {
    const std::string root = VOXNAV_SOURCE_DIR "/tests/fuzz/";
    for (const fuzz::NamedTarget& t : fuzz::all_targets()) {
        int inputs = 0;
        for (const std::string& dir : {root + "corpus_" + t.name, root + "regressions/" + t.name})
            for (const std::string& path : files_in(dir)) {
                INFO(t.name << ": " << path);
                const auto data = bytes_of(path);
                CHECK_NOTHROW(t.run(data.data(), data.size()));
                ++inputs;
            }
        INFO(t.name);
        CHECK(inputs >= 1);  // every target has a seed corpus
        // And the empty input.
        CHECK_NOTHROW(t.run(nullptr, 0));
    }
}

// Issue 12's two escapes, found by fuzzing from outside: each must come out
// as the type its header documents.
TEST_CASE("regression: a profile number out of range is a ProfileError naming the file", "[fuzz][errors]") {
    try {
        (void)parse_agent_profile(R"({"height": 2, "jump_height": 1e999})", "ogre.json");
        FAIL("no error");
    } catch (const ProfileError& e) {
        CHECK(std::string(e.what()).find("ogre.json") != std::string::npos);
    }
}

TEST_CASE("regression: route JSON with a syntax error is a std::runtime_error", "[fuzz][errors]") {
    for (const char* text : {"{\"status\": ", "[1, 2", "{\"status\":\"found\",\"cost\":1e999,\"waypoints\":[]}",
                             "{\"status\":\"found\",\"cost\":\"x\",\"waypoints\":[]}"}) {
        INFO(text);
        try {
            (void)route_from_json(text);
            FAIL("no error");
        } catch (const std::runtime_error& e) {
            // Not one of the JSON library's types: the game catches what the header says.
            CHECK(std::string(e.what()).find("route JSON") != std::string::npos);
        }
    }
}

// Fuzzing found text worlds whose `size` spans millions of chunks (3 x 2 x
// 57,777,777): every chunk of the bounds counts as loaded, so loading took
// seconds and no agent could ever navigate them. Bounds are now capped at
// what the navigation facts can hold.
TEST_CASE("regression: bounds larger than the facts can hold are a load error, not a hang", "[fuzz][errors]") {
    std::istringstream in("voxnav-world 1\nsize 3 2 57777777\n");
    try {
        (void)read_text_world(in, "huge.vxw");
        FAIL("no error");
    } catch (const LoadError& e) {
        CHECK(e.line() == 2);
        CHECK(std::string(e.what()).find("chunks") != std::string::npos);
    }
    std::istringstream in3("voxel 65536 65536 2\n");
    CHECK_THROWS_AS(read_movingai_3dmap(in3, "huge.3dmap"), LoadError);
    World w;
    CHECK_THROWS_AS(w.set_bounds(VoxelBox{{0, 0, 0}, {1 << 16, 1 << 8, 1 << 16}}), std::invalid_argument);
    CHECK(World::chunks_overlapped({{-1, 0, 0}, {1, 1, 1}}) == 2);
    CHECK(World::chunks_overlapped({{0, 0, 0}, {16, 16, 16}}) == 1);
    w.set_bounds(VoxelBox{{0, 0, 0}, {1024, 256, 1024}});  // 64 x 16 x 64 chunks: fine
}
