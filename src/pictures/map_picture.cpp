// SPDX-License-Identifier: MIT
#include "voxnav/pictures/map_picture.hpp"
#include "world/block_store.hpp"

#include "voxnav/pictures/palette.hpp"

#include "font.hpp"
#include "route_ends.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>

namespace voxnav::pictures {
namespace {

// The map's cell (column, row) of a voxel, whatever the view.
std::pair<int, int> cell_of(const MapFrame& f, MapView view, const Voxel& v) {
    switch (view) {
        case MapView::TopDown: return {v.x - f.crop.lo.x, v.z - f.crop.lo.z};
        case MapView::SectionX: return {v.z - f.crop.lo.z, f.crop.hi.y - 1 - v.y};
        case MapView::SectionZ: return {v.x - f.crop.lo.x, f.crop.hi.y - 1 - v.y};
    }
    return {0, 0};
}

// Whether a voxel's cell is on the map (sections: projected, any x or z).
bool on_map(const MapFrame& f, MapView view, const Voxel& v) {
    const auto [c, r] = cell_of(f, view, v);
    const int cols = f.map_width / f.scale, rows = f.map_height / f.scale;
    if (c < 0 || r < 0 || c >= cols || r >= rows) return false;
    return view != MapView::TopDown || (v.y >= f.crop.lo.y && v.y < f.crop.hi.y);
}

// Base layer: top-down columns or the section's plane, one colour per cell.
std::vector<Rgb> terrain(const World& world, const MapFrame& f, const MapPicture& o) {
    const int cols = f.map_width / f.scale, rows = f.map_height / f.scale;
    std::vector<Rgb> cells(std::size_t(cols) * std::size_t(rows), colours::background);
    auto blocks = detail::grid_of(world).getConstAccessor();
    const BlockRegistry& reg = world.blocks();
    const VoxelBox& b = f.crop;
    if (o.view == MapView::TopDown) {
        const double span = std::max(1, b.size().y - 1);
        for (int z = b.lo.z; z < b.hi.z; ++z)
            for (int x = b.lo.x; x < b.hi.x; ++x)
                for (int y = b.hi.y - 1; y >= b.lo.y; --y) {
                    const BlockId id = blocks.getValue(openvdb::Coord(x, y, z));
                    if (id == BlockRegistry::air) continue;
                    cells[std::size_t(z - b.lo.z) * cols + std::size_t(x - b.lo.x)] =
                        shade(block_colour(reg[id]), (y - b.lo.y) / span);
                    break;
                }
        return cells;
    }
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const int y = b.hi.y - 1 - r;
            const Voxel v = o.view == MapView::SectionX ? Voxel(o.section, y, b.lo.z + c) : Voxel(b.lo.x + c, y, o.section);
            const BlockId id = blocks.getValue(openvdb::Coord(v.x, v.y, v.z));
            if (id != BlockRegistry::air) cells[std::size_t(r) * cols + std::size_t(c)] = block_colour(reg[id]);
        }
    return cells;
}

// The flow-field waypoint each cell shows: the cheapest on it.
std::vector<const HeatCell*> heat_cells(const MapFrame& f, const MapPicture& o) {
    const int cols = f.map_width / f.scale, rows = f.map_height / f.scale;
    std::vector<const HeatCell*> best(std::size_t(cols) * std::size_t(rows), nullptr);
    for (const HeatCell& h : *o.heat) {
        if (!on_map(f, o.view, h.position)) continue;
        const auto [c, r] = cell_of(f, o.view, h.position);
        const HeatCell*& b = best[std::size_t(r) * cols + std::size_t(c)];
        if (!b || h.cost < b->cost) b = &h;
    }
    return best;
}

double heat_top(const MapPicture& o) {
    if (o.heat_max > 0.0) return o.heat_max;
    double top = 0.0;
    for (const HeatCell& h : *o.heat) top = std::max(top, h.cost);
    return top > 0.0 ? top : 1.0;
}

// Walks are the common case: drawn dark over the heat; other moves in their colour.
Rgb arrow_colour(Action a) { return a == Action::Walk ? Rgb{25, 25, 30} : action_colour(a); }

// The next move of each shown flow-field waypoint: half a cell's line towards it.
void draw_heat_arrows(Image& img, const MapFrame& f, const MapPicture& o) {
    if (f.scale < 6) return;
    const std::vector<const HeatCell*> best = heat_cells(f, o);
    const int t = std::max(1, f.scale / 8);
    for (const HeatCell* h : best) {
        if (!h || h->next == h->position) continue;
        const auto [x0, y0] = pixel_of(f, o.view, h->position);
        const auto [x1, y1] = pixel_of(f, o.view, h->next);
        img.line(x0, y0, (x0 + x1) / 2, (y0 + y1) / 2, t, arrow_colour(h->action));
        img.fill(x0 - t, y0 - t, 2 * t + 1, 2 * t + 1, arrow_colour(h->action));
    }
}

// Tints cells holding searched nodes (open only where nothing was expanded)
// and reachable positions.
void tint(std::vector<Rgb>& cells, const MapFrame& f, const MapPicture& o) {
    const int cols = f.map_width / f.scale;
    auto index = [&](const Voxel& v) { const auto [c, r] = cell_of(f, o.view, v); return std::size_t(r) * cols + std::size_t(c); };
    if (!o.reach.empty()) {
        std::vector<std::uint8_t> mask(cells.size(), 0);
        for (std::size_t i = 0; i < o.reach.size() && i < 3; ++i)
            if (o.reach[i].positions)
                for (const Voxel& v : *o.reach[i].positions)
                    if (on_map(f, o.view, v)) mask[index(v)] |= std::uint8_t(1u << i);
        for (std::size_t k = 0; k < cells.size(); ++k)
            if (mask[k]) cells[k] = mix(cells[k], reach_colour(mask[k]), colours::overlay_strength);
    }
    if (o.heat) {
        const std::vector<const HeatCell*> best = heat_cells(f, o);
        const double top = heat_top(o);
        for (std::size_t k = 0; k < cells.size(); ++k)
            if (best[k]) cells[k] = mix(cells[k], heat_colour(best[k]->cost / top), 0.75);
    }
    if (o.route) {
        // The voxels the route opens, digs and places, in their own colours.
        for (const Voxel& v : o.route->open)
            if (on_map(f, o.view, v)) cells[index(v)] = mix(cells[index(v)], opened_colour(), 0.85);
        for (const Voxel& v : o.route->dig)
            if (on_map(f, o.view, v)) cells[index(v)] = mix(cells[index(v)], dug_colour(), 0.85);
        for (const Voxel& v : o.route->place)
            if (on_map(f, o.view, v)) cells[index(v)] = mix(cells[index(v)], placed_colour(), 0.85);
    }
    if (o.trace) {
        std::vector<std::uint8_t> mark(cells.size(), 0);  // 1 expanded, 2 open
        for (const TraceNode& n : o.trace->expanded)
            if (on_map(f, o.view, n.position)) mark[index(n.position)] = 1;
        for (const TraceNode& n : o.trace->open)
            if (on_map(f, o.view, n.position) && mark[index(n.position)] == 0) mark[index(n.position)] = 2;
        for (std::size_t k = 0; k < cells.size(); ++k)
            if (mark[k]) cells[k] = mix(cells[k], mark[k] == 1 ? colours::expanded : colours::open, colours::overlay_strength);
    }
}

// A waypoint's pixel: its cell's centre, and in sections half a voxel above
// its real feet height (on a slab, half a voxel higher than on the floor).
std::pair<int, int> waypoint_pixel(const MapFrame& f, MapView view, const Waypoint& w) {
    auto [x, y] = pixel_of(f, view, w.position);
    if (view != MapView::TopDown) y = int(std::lround((f.crop.hi.y - w.feet_y - 0.5) * f.scale));
    return {x, y};
}

void draw_route(Image& img, const MapFrame& f, const MapPicture& o) {
    const std::vector<Waypoint>& wps = o.route->waypoints;
    // At small scales the route is drawn wider than a cell, or it would vanish.
    const int s = f.scale, thick = s < 4 ? 3 : std::max(1, s / 4), dot = s < 4 ? 3 : std::max(1, s / 2);
    for (std::size_t k = 1; k < wps.size(); ++k) {
        if (!on_map(f, o.view, wps[k - 1].position) || !on_map(f, o.view, wps[k].position)) continue;
        const auto [x0, y0] = waypoint_pixel(f, o.view, wps[k - 1]);
        const auto [x1, y1] = waypoint_pixel(f, o.view, wps[k]);
        img.line(x0, y0, x1, y1, thick, action_colour(wps[k].action));
    }
    for (const Waypoint& w : wps) {
        if (!on_map(f, o.view, w.position)) continue;
        const auto [x, y] = waypoint_pixel(f, o.view, w);
        // A move that acts on the world first is marked in that act's colour.
        const Rgb c = w.placed ? world_act_colour(WorldAct::Place)
                      : w.dug  ? world_act_colour(WorldAct::Dig)
                      : w.opened ? world_act_colour(WorldAct::Open)
                                 : action_colour(w.action);
        img.fill(x - (dot - 1) / 2, y - (dot - 1) / 2, dot, dot, c);
    }
}

// Sections draw shaped blocks at their shapes: a slab its half, a stair
// its step (when the section runs along it), a fence a post, an open door
// or gate a thin leaf, a ladder rails and rungs. The rest of the cell is
// background. Heights above the voxel (a fence's 24/16) are not drawn.
void draw_section_shapes(Image& img, const World& world, const MapFrame& f, const MapPicture& o, const std::vector<Rgb>& cells) {
    auto blocks = detail::grid_of(world).getConstAccessor();
    const BlockRegistry& reg = world.blocks();
    const int cols = f.map_width / f.scale, rows = f.map_height / f.scale, s = f.scale;
    if (s < 4) return;  // too small to show a shape
    const bool along_x = o.view == MapView::SectionZ;  // columns run along x
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) {
            const int y = f.crop.hi.y - 1 - r;
            const Voxel v = along_x ? Voxel(f.crop.lo.x + c, y, o.section) : Voxel(o.section, y, f.crop.lo.z + c);
            const BlockType& t = reg[blocks.getValue(openvdb::Coord(v.x, v.y, v.z))];
            if (!t.is_shaped()) continue;
            const BlockShape& sh = t.shape;
            const Rgb colour = cells[std::size_t(r) * cols + std::size_t(c)];
            const int x0 = c * s, y0 = r * s;
            // Fills the part [a, b) x [lo, hi) of the cell, in sixteenths (lo, hi from the bottom).
            auto part = [&](int a, int b, int lo, int hi) {
                const int px = x0 + a * s / 16, pw = b * s / 16 - a * s / 16;
                const int top = y0 + s - std::min(hi, 16) * s / 16, height = (std::min(hi, 16) - lo) * s / 16;
                if (pw > 0 && height > 0) img.fill(px, top, pw, height, colour);
            };
            img.fill(x0, y0, s, s, colours::background);
            if (sh.climbable) {
                part(2, 4, 0, 16), part(12, 14, 0, 16);
                for (int rung = 2; rung < 16; rung += 4) part(4, 12, rung, rung + 1);
            } else if (sh.open_class != OpenClass::None && sh.open) {
                part(0, 3, 0, 16);
            } else if (sh.stair_faces != 0) {
                part(0, 16, 0, 8);
                const unsigned low_left = along_x ? 2u : 8u, low_right = along_x ? 1u : 4u;  // the -x (-z) and +x (+z) faces
                const int a = sh.stair_faces & low_left ? 8 : 0, b = sh.stair_faces & low_right ? 8 : 16;
                part(a, b, 8, 16);
            } else if (sh.top > 16 && sh.open_class == OpenClass::None) {
                part(6, 10, 0, 16);
            } else {
                part(0, 16, sh.bottom, sh.top);
            }
        }
}

void draw_marker(Image& img, const MapFrame& f, MapView view, const Voxel& v, Rgb colour) {
    if (!on_map(f, view, v)) return;
    const auto [c, r] = cell_of(f, view, v);
    const int s = f.scale, pad = s < 4 ? 2 : std::max(1, s / 4), t = std::max(1, s / 8);
    img.frame(c * s - pad, r * s - pad, s + 2 * pad, s + 2 * pad, t, colour);
}

// The legend: lines of text and colour swatches, wrapped to the width.
struct Legend {
    struct Item {
        std::string text;
        bool swatch = false;
        Rgb colour;
        bool line_break = false;  // start a new row before this item
    };
    std::vector<Item> items;
    int scale = 1;

    int item_width(const Item& it) const { return (it.swatch ? 9 * scale : 0) + text_width(it.text, scale) + 8 * scale; }
    int row_height() const { return 10 * scale; }
    // Lays out (or draws, when img is set) and returns the band height.
    int layout(Image* img, int width, int top) const {
        int x = 3 * scale, y = top + 3 * scale;
        for (const Item& it : items) {
            const int w = item_width(it);
            if (it.line_break || (x + w > width && x > 3 * scale)) {
                x = 3 * scale;
                y += row_height();
            }
            if (img) {
                if (it.swatch) img->fill(x, y, 7 * scale, 7 * scale, it.colour);
                draw_text(*img, x + (it.swatch ? 9 * scale : 0), y, it.text, colours::legend_text, scale);
            }
            x += w;
        }
        return y + row_height() - top;
    }
};

Legend legend_of(const MapFrame& f, const MapPicture& o) {
    Legend lg;
    lg.scale = f.map_width >= 640 ? 2 : 1;
    bool first = true;
    // A note's groups (separated by two spaces) wrap as units on narrow pictures.
    for (const std::string& note : o.notes) {
        bool row = !first;
        for (std::size_t at = 0; at < note.size();) {
            std::size_t end = note.find("  ", at);
            if (end == std::string::npos) end = note.size();
            if (end > at) lg.items.push_back({note.substr(at, end - at), false, {}, row});
            row = false;
            at = end + 2;
        }
        first = false;
    }
    const Voxel sz = f.crop.size();
    const std::string where = o.view == MapView::TopDown  ? "top-down"
                              : o.view == MapView::SectionX ? "section x " + std::to_string(o.section)
                                                            : "section z " + std::to_string(o.section);
    lg.items.push_back({where + "  " + std::to_string(sz.x) + "x" + std::to_string(sz.y) + "x" + std::to_string(sz.z) + " from " +
                            std::to_string(f.crop.lo.x) + "," + std::to_string(f.crop.lo.y) + "," + std::to_string(f.crop.lo.z) +
                            "  " + std::to_string(f.scale) + " px/voxel",
                        false, {}, !first});
    bool row = true;
    auto swatch = [&](const std::string& text, Rgb c) {
        lg.items.push_back({text, true, c, row});
        row = false;
    };
    if (o.route) {
        for (Action a : kActions)
            if (a != Action::Start) swatch(to_string(a), action_colour(a));
        if (!o.route->open.empty()) swatch("open", world_act_colour(WorldAct::Open)), swatch("opened door", opened_colour());
        if (!o.route->dig.empty()) swatch("dig", world_act_colour(WorldAct::Dig)), swatch("dug voxel", dug_colour());
        if (!o.route->place.empty()) swatch("place", world_act_colour(WorldAct::Place)), swatch("placed block", placed_colour());
    }
    if (o.trace) {
        // "open list": the search's frontier, not the door action "open".
        swatch("expanded", colours::expanded);
        swatch("open list", colours::open);
    }
    if (o.heat) {
        row = true;
        char far[64];
        std::snprintf(far, sizeof far, "%.1f s", heat_top(o));
        swatch("0 s", heat_colour(0.0));
        swatch("", heat_colour(0.25));
        swatch("", heat_colour(0.5));
        swatch("", heat_colour(0.75));
        swatch(far, heat_colour(1.0));
        if (f.scale >= 6)
            for (Action a : kActions)
                if (a != Action::Start) swatch(to_string(a), arrow_colour(a));
    }
    row = true;
    for (std::size_t i = 0; i < o.reach.size() && i < 3; ++i) swatch(o.reach[i].label, reach_colour(1u << i));
    return lg;
}

}  // namespace

MapFrame frame_of(const World& world, const MapPicture& o) {
    MapFrame f;
    f.crop = o.crop ? *o.crop : world.bounds() ? *world.bounds() : world.populated_box();
    if (f.crop.empty()) throw std::invalid_argument("picture: the region to draw is empty (an empty world, or an empty --crop)");
    const Voxel sz = f.crop.size();
    if (o.view == MapView::SectionX && (o.section < f.crop.lo.x || o.section >= f.crop.hi.x))
        throw std::invalid_argument("picture: section x " + std::to_string(o.section) + " is outside the region's x range " +
                                    std::to_string(f.crop.lo.x) + ".." + std::to_string(f.crop.hi.x - 1));
    if (o.view == MapView::SectionZ && (o.section < f.crop.lo.z || o.section >= f.crop.hi.z))
        throw std::invalid_argument("picture: section z " + std::to_string(o.section) + " is outside the region's z range " +
                                    std::to_string(f.crop.lo.z) + ".." + std::to_string(f.crop.hi.z - 1));
    const int cols = o.view == MapView::SectionX ? sz.z : sz.x;
    const int rows = o.view == MapView::TopDown ? sz.z : sz.y;
    if (o.scale < 0 || o.scale > 64) throw std::invalid_argument("picture: scale must be 0 (automatic) to 64 pixels per voxel");
    f.scale = o.scale > 0 ? o.scale : std::clamp(std::max(1, o.auto_size) / std::max(cols, rows), 1, 64);
    if (std::int64_t(cols) * f.scale > 65535 || std::int64_t(rows) * f.scale > 65535)
        throw std::invalid_argument("picture: " + std::to_string(cols) + " x " + std::to_string(rows) + " voxels at " +
                                    std::to_string(f.scale) + " px/voxel exceed 65535 pixels per side; crop or lower the scale");
    f.map_width = cols * f.scale;
    f.map_height = rows * f.scale;
    return f;
}

std::pair<int, int> pixel_of(const MapFrame& f, MapView view, const Voxel& v) {
    const auto [c, r] = cell_of(f, view, v);
    return {c * f.scale + f.scale / 2, r * f.scale + f.scale / 2};
}

std::vector<std::string> legend_texts(const World& world, const MapPicture& o) {
    std::vector<std::string> out;
    for (const Legend::Item& it : legend_of(frame_of(world, o), o).items) out.push_back(it.text);
    return out;
}

Image render_map(const World& world, const MapPicture& o) {
    const MapFrame f = frame_of(world, o);
    std::vector<Rgb> cells = terrain(world, f, o);
    tint(cells, f, o);
    const Legend legend = legend_of(f, o);
    const int band = o.legend ? legend.layout(nullptr, f.map_width, f.map_height) : 0;
    Image img(f.map_width, f.map_height + band, colours::legend_band);
    const int cols = f.map_width / f.scale, rows = f.map_height / f.scale;
    for (int r = 0; r < rows; ++r)
        for (int c = 0; c < cols; ++c) img.fill(c * f.scale, r * f.scale, f.scale, f.scale, cells[std::size_t(r) * cols + std::size_t(c)]);
    if (o.view != MapView::TopDown) draw_section_shapes(img, world, f, o, cells);
    if (o.heat) draw_heat_arrows(img, f, o);
    if (o.route) draw_route(img, f, o);
    const std::optional<Voxel> start = start_mark(o.start, o.route), goal = goal_mark(o.goal, o.route);
    if (start) draw_marker(img, f, o.view, *start, colours::start);
    if (goal) draw_marker(img, f, o.view, *goal, colours::goal);
    if (o.legend) {
        img.fill(0, f.map_height, f.map_width, band, colours::legend_band);  // markers may reach past the map's edge
        legend.layout(&img, f.map_width, f.map_height);
    }
    return img;
}

}  // namespace voxnav::pictures
