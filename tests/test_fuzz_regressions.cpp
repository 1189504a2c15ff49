// Replays the fuzz seed corpora and every input that once broke a reader:
// each must load or fail with an error, never crash.
#include "voxnav/io/imports.hpp"
#include "voxnav/io/nbt.hpp"
#include "voxnav/agent/profile.hpp"
#include "voxnav/route/route.hpp"

#include <catch2/catch.hpp>

#include <dirent.h>
#include <fstream>

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

TEST_CASE("fuzz corpora and regressions never crash the readers", "[fuzz]") {
    const std::string root = VOXNAV_SOURCE_DIR "/tests/fuzz/";
    int inputs = 0;
    for (const std::string& dir : {root + "corpus_nbt", root + "corpus_vox", root + "regressions"})
        for (const std::string& path : files_in(dir)) {
            INFO(path);
            const auto data = bytes_of(path);
            ++inputs;
            try {
                (void)parse_nbt(data, path);
            } catch (const NbtError&) {
            }
            try {
                (void)parse_nbt(inflate(data.data(), data.size(), path, 1 << 20), path);
            } catch (const NbtError&) {
            }
            World w;
            ImportReport r;
            try {
                import_vox_bytes(data, path, w, r);
            } catch (const LoadError&) {
            }
        }
    CHECK(inputs >= 6);
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
