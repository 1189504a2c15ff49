// SPDX-License-Identifier: MIT
// Runs the voxnav command-line tool as a user would and captures its output.
#pragma once

#include <catch2/catch.hpp>

#include <array>
#include <cstdio>
#include <fstream>
#include <string>
#include <sys/wait.h>
#include <unistd.h>

namespace cli_test {

struct Run {
    int code;
    std::string out, err;
};

inline Run run(const std::string& args) {
    static int counter = 0;
    const std::string err_file = "voxnav_cli_stderr_" + std::to_string(getpid()) + "_" + std::to_string(counter++) + ".txt";
    const std::string cmd = std::string(VOXNAV_CLI) + " " + args + " 2>" + err_file;
    Run r{-1, {}, {}};
    FILE* p = popen(cmd.c_str(), "r");
    REQUIRE(p);
    std::array<char, 4096> buf;
    while (std::size_t n = fread(buf.data(), 1, buf.size(), p)) r.out.append(buf.data(), n);
    const int status = pclose(p);
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    std::ifstream e(err_file);
    r.err.assign(std::istreambuf_iterator<char>(e), {});
    std::remove(err_file.c_str());
    return r;
}

inline const std::string kDemo = VOXNAV_SOURCE_DIR "/worlds/demo.vxw";
inline const std::string kAgents = VOXNAV_SOURCE_DIR "/worlds/agents/";

}  // namespace cli_test

using namespace cli_test;
