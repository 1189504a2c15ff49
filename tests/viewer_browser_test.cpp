// SPDX-License-Identifier: MIT
// The 3D viewer in a real browser: `voxnav view` writes pages for the demo
// world (with a route) and a real Minecraft region; headless Chromium opens
// each one, which must load without any console message or script error
// (the page reports <body data-status="ok">), and its screenshot must show
// the world's and the route's colours.
//
// Exits 77 (ctest: skipped) when Chromium is not installed.
// Usage: viewer_browser_test VOXNAV_CLI SOURCE_DIR
#include "voxnav/pictures/image.hpp"
#include "voxnav/pictures/palette.hpp"
#include "voxnav/world/block.hpp"

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <unistd.h>

using namespace voxnav;
using namespace voxnav::pictures;

namespace {

int failures = 0;
void check(bool ok, const std::string& what) {
    std::cout << (ok ? "ok      " : "FAILED  ") << what << "\n";
    failures += !ok;
}

std::string slurp(const std::string& path) {
    std::ifstream in(path);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
}

std::string chromium_path() {
    if (const char* env = std::getenv("VOXNAV_CHROMIUM")) return env;
    for (const char* p : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
        if (access(p, X_OK) == 0) return p;
    return "";
}

// Headless Chromium with software WebGL, as on a machine without a GPU.
std::string browser(const std::string& chromium, const std::string& args) {
    return "timeout 120 " + chromium +
           " --headless --no-sandbox --disable-gpu --use-angle=swiftshader --enable-unsafe-swiftshader --window-size=900,650"
           " --virtual-time-budget=8000 " + args;
}

// Pixels within `tolerance` of `c` on every channel.
int count_near(const Image& img, Rgb c, int tolerance = 3) {
    int n = 0;
    for (int y = 0; y < img.height(); ++y)
        for (int x = 0; x < img.width(); ++x) {
            const Rgb p = img.at(x, y);
            n += std::abs(p.r - c.r) <= tolerance && std::abs(p.g - c.g) <= tolerance && std::abs(p.b - c.b) <= tolerance;
        }
    return n;
}

// Writes the page, loads it (DOM + console), screenshots it.
bool open_page(const std::string& cli, const std::string& chromium, const std::string& view_args, const std::string& name, Image& shot) {
    const std::string base = "/tmp/voxnav_viewer_test_" + std::to_string(getpid()) + "_" + name;
    const std::string html = base + ".html", dom = base + ".dom", log = base + ".log", png = base + ".png";
    const int made = std::system((cli + " view " + view_args + " --out " + html + " > /dev/null").c_str());
    check(made == 0, name + ": voxnav view wrote the page");
    if (made != 0) return false;
    std::system((browser(chromium, "--enable-logging=stderr --v=0 --dump-dom file://" + html) + " > " + dom + " 2> " + log).c_str());
    const std::string page = slurp(dom), messages = slurp(log);
    check(page.find("data-status=\"ok\"") != std::string::npos, name + ": the page reports data-status=\"ok\"");
    std::istringstream lines(messages);
    std::string line;
    int console = 0;
    while (std::getline(lines, line))
        // Chromium's own software-GL performance notes ("GL Driver Message ...
        // GPU stall due to ReadPixels") come through the console too; they are
        // not the page's.
        if (line.find(":CONSOLE") != std::string::npos && line.find("GL Driver Message") == std::string::npos) {
            std::cout << "        console: " << line << "\n";
            ++console;
        }
    check(console == 0, name + ": no console messages or errors");
    std::system((browser(chromium, "--screenshot=" + png + " file://" + html) + " > /dev/null 2>&1").c_str());
    try {
        shot = read_png(png);
    } catch (const std::exception& e) {
        check(false, name + ": screenshot: " + e.what());
        return false;
    }
    for (const std::string& f : {html, dom, log, png}) std::remove(f.c_str());
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 3) {
        std::cerr << "usage: viewer_browser_test VOXNAV_CLI SOURCE_DIR\n";
        return 2;
    }
    const std::string cli = argv[1], src = argv[2];
    const std::string chromium = chromium_path();
    if (chromium.empty()) {
        std::cout << "Chromium is not installed (Debian package chromium): skipped\n";
        return 77;
    }
    Image shot;
    if (open_page(cli, chromium, "--world " + src + "/worlds/demo.vxw --from S --to G", "demo", shot)) {
        // The route crosses walk, jump, fall and swim moves; each shows in its colour.
        for (Action a : {Action::Walk, Action::Jump, Action::Fall, Action::Swim}) {
            const int n = count_near(shot, action_colour(a));
            check(n >= 20, std::string("demo: the route's ") + to_string(a) + " colour " + to_hex(action_colour(a)) + " is on " +
                               std::to_string(n) + " pixels");
        }
        BlockType stone{"stone", BlockKind::Solid};
        const int top = count_near(shot, block_colour(stone));  // stone's top faces are unshaded
        check(top >= 5000, "demo: stone's top faces " + to_hex(block_colour(stone)) + " cover " + std::to_string(top) + " pixels");
        check(count_near(shot, colours::goal, 10) >= 10, "demo: the goal's frame is drawn");
    }
    if (open_page(cli, chromium, "--world " + src + "/worlds/samples/querz-nbt7_r.0.0.mca", "minecraft", shot)) {
        const int background = count_near(shot, colours::background, 2);
        const int total = shot.width() * shot.height();
        check(total - background > total / 4, "minecraft: the region covers " + std::to_string(100 * (total - background) / total) +
                                                   "% of the picture");
    }
    std::cout << (failures ? "viewer browser test FAILED\n" : "viewer browser test passed\n");
    return failures ? 1 : 0;
}
