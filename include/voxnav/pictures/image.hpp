// SPDX-License-Identifier: MIT
/// @file image.hpp
/// @brief Image: an 8-bit RGB raster, written and read as PNG through libpng.
///
/// Part of the optional `voxnav::pictures` library (link it for pictures;
/// the navigation library does not need libpng).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace voxnav::pictures {

struct Rgb {
    std::uint8_t r = 0, g = 0, b = 0;
    bool operator==(const Rgb& o) const { return r == o.r && g == o.g && b == o.b; }
    bool operator!=(const Rgb& o) const { return !(*this == o); }
};

/// `a` moved towards `b` by t in [0, 1] (t = 1 gives b), rounded.
[[nodiscard]] Rgb mix(Rgb a, Rgb b, double t);
/// `c` with each channel multiplied by f >= 0, rounded and clamped.
[[nodiscard]] Rgb scaled(Rgb c, double f);
/// "#rrggbb".
[[nodiscard]] std::string to_hex(Rgb c);

class Image {
public:
    Image() = default;
    /// Throws std::invalid_argument unless 0 < width, height <= 65535.
    Image(int width, int height, Rgb fill = {});

    [[nodiscard]] int width() const { return width_; }
    [[nodiscard]] int height() const { return height_; }
    [[nodiscard]] bool contains(int x, int y) const { return x >= 0 && y >= 0 && x < width_ && y < height_; }
    /// The pixel at (x, y); x right, y down from the top-left corner. Unchecked.
    [[nodiscard]] Rgb at(int x, int y) const {
        const std::uint8_t* p = &pixels_[(std::size_t(y) * std::size_t(width_) + std::size_t(x)) * 3];
        return {p[0], p[1], p[2]};
    }
    /// Sets a pixel; outside the image does nothing.
    void set(int x, int y, Rgb c) {
        if (!contains(x, y)) return;
        std::uint8_t* p = &pixels_[(std::size_t(y) * std::size_t(width_) + std::size_t(x)) * 3];
        p[0] = c.r, p[1] = c.g, p[2] = c.b;
    }
    /// Fills the rectangle [x, x + w) x [y, y + h), clipped to the image.
    void fill(int x, int y, int w, int h, Rgb c);
    /// A straight line of `thickness` pixels between two points (clipped).
    void line(double x0, double y0, double x1, double y1, int thickness, Rgb c);
    /// The outline of [x, x + w) x [y, y + h), `thickness` pixels inwards.
    void frame(int x, int y, int w, int h, int thickness, Rgb c);
    /// Row-major RGB bytes, 3 per pixel.
    [[nodiscard]] const std::vector<std::uint8_t>& pixels() const { return pixels_; }

private:
    int width_ = 0, height_ = 0;
    std::vector<std::uint8_t> pixels_;
};

/// Writes `image` as an 8-bit RGB PNG. Throws std::runtime_error naming the
/// file when it cannot be written.
void write_png(const Image& image, const std::string& path);
/// Reads any PNG (converted to 8-bit RGB, alpha dropped). Throws
/// std::runtime_error naming the file for a missing or damaged file.
[[nodiscard]] Image read_png(const std::string& path);

}  // namespace voxnav::pictures
