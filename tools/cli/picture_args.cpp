// SPDX-License-Identifier: MIT
#include "picture_args.hpp"

#include <cstdio>
#include <filesystem>
#include <sstream>

namespace voxnav::cli {

void add_picture_options(CLI::App* sub, PictureArgs& a) {
    sub->add_option("--crop", a.crop, "Region: X0,Y0,Z0,X1,Y1,Z1 (two corners, inclusive) or X0,Z0,X1,Z1 (all heights)");
    sub->add_option("--section", a.section, "A vertical section instead of the top-down view: x:N or z:N");
    sub->add_option("--scale", a.scale, "Pixels per voxel, 1..64 (default: as large as keeps the map within 768 px)");
    sub->add_flag("--no-legend", a.no_legend, "Leave out the legend band under the map");
}

pictures::MapPicture picture_options(const PictureArgs& a) {
    pictures::MapPicture pic;
    if (a.scale < 0 || a.scale > 64) throw UsageError("--scale must be 1..64 pixels per voxel (0: automatic)");
    pic.scale = a.scale;
    pic.legend = !a.no_legend;
    if (a.section) {
        const std::string& s = *a.section;
        if (s.size() < 3 || (s[0] != 'x' && s[0] != 'z') || s[1] != ':')
            throw UsageError("--section: expected x:N or z:N, got '" + s + "'");
        try {
            std::size_t used = 0;
            const long long n = std::stoll(s.substr(2), &used);
            if (used != s.size() - 2 || n < INT32_MIN || n > INT32_MAX) throw std::out_of_range("");
            pic.section = int(n);
        } catch (const std::exception&) {
            throw UsageError("--section: bad coordinate in '" + s + "'");
        }
        pic.view = s[0] == 'x' ? pictures::MapView::SectionX : pictures::MapView::SectionZ;
    }
    return pic;
}

VoxelBox parse_crop(const World& world, const std::string& text) {
    std::vector<long long> v;
    std::stringstream ss(text);
    std::string part;
    while (std::getline(ss, part, ',')) {
        try {
            std::size_t used = 0;
            const long long n = std::stoll(part, &used);
            if (used != part.size() || n < INT32_MIN + 1 || n > INT32_MAX - 1) throw std::out_of_range("");
            v.push_back(n);
        } catch (const std::exception&) {
            throw UsageError("--crop: bad coordinate '" + part + "' in '" + text + "'");
        }
    }
    if (v.size() == 4) {
        const VoxelBox all = world.bounds() ? *world.bounds() : world.populated_box();
        if (all.empty()) throw UsageError("--crop X0,Z0,X1,Z1: the world has no blocks to take the heights from");
        v = {v[0], all.lo.y, v[1], v[2], all.hi.y - 1, v[3]};
    }
    if (v.size() != 6 || text.back() == ',') throw UsageError("--crop: expected X0,Y0,Z0,X1,Y1,Z1 or X0,Z0,X1,Z1, got '" + text + "'");
    VoxelBox b;
    for (int a = 0; a < 3; ++a) {
        b.lo[a] = int(std::min(v[a], v[a + 3]));
        b.hi[a] = int(std::max(v[a], v[a + 3]) + 1);
    }
    return b;
}

std::vector<Voxel> positions_of(const Reach& r) {
    std::vector<Voxel> out;
    out.reserve(r.waypoints.size());
    for (const ReachedWaypoint& w : r.waypoints) out.push_back(w.position);
    return out;
}

std::uintmax_t write_picture(const World& world, pictures::MapPicture& pic, const std::optional<std::string>& crop,
                             const std::string& out, std::FILE* report) {
    if (crop) pic.crop = parse_crop(world, *crop);
    const auto t0 = std::chrono::steady_clock::now();
    pictures::Image img;
    try {
        img = pictures::render_map(world, pic);
    } catch (const std::invalid_argument& e) {
        throw UsageError(e.what());
    }
    try {
        pictures::write_png(img, out);
    } catch (const std::runtime_error& e) {
        throw UsageError(std::string("--out ") + e.what());
    }
    const double ms = ms_since(t0);
    const std::uintmax_t bytes = std::filesystem::file_size(out);
    std::fprintf(report, "wrote      %s (%d x %d px, %ju bytes) in %.1f ms\n", out.c_str(), img.width(), img.height(), bytes, ms);
    return bytes;
}

}  // namespace voxnav::cli
