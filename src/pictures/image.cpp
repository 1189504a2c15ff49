// SPDX-License-Identifier: MIT
#include "voxnav/pictures/image.hpp"

#include <png.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

namespace voxnav::pictures {

namespace {
std::uint8_t channel(double v) { return static_cast<std::uint8_t>(std::clamp(std::lround(v), 0l, 255l)); }
}  // namespace

Rgb mix(Rgb a, Rgb b, double t) {
    return {channel(a.r + (b.r - a.r) * t), channel(a.g + (b.g - a.g) * t), channel(a.b + (b.b - a.b) * t)};
}

Rgb scaled(Rgb c, double f) { return {channel(c.r * f), channel(c.g * f), channel(c.b * f)}; }

std::string to_hex(Rgb c) {
    char buf[8];
    std::snprintf(buf, sizeof buf, "#%02x%02x%02x", c.r, c.g, c.b);
    return buf;
}

Image::Image(int width, int height, Rgb fill) : width_(width), height_(height) {
    if (width <= 0 || height <= 0 || width > 65535 || height > 65535)
        throw std::invalid_argument("Image: size " + std::to_string(width) + " x " + std::to_string(height) +
                                    " is outside 1..65535 pixels per side");
    pixels_.resize(std::size_t(width) * std::size_t(height) * 3);
    for (std::size_t i = 0; i < pixels_.size(); i += 3) pixels_[i] = fill.r, pixels_[i + 1] = fill.g, pixels_[i + 2] = fill.b;
}

void Image::fill(int x, int y, int w, int h, Rgb c) {
    const int x0 = std::max(x, 0), y0 = std::max(y, 0), x1 = std::min(x + w, width_), y1 = std::min(y + h, height_);
    for (int yy = y0; yy < y1; ++yy)
        for (int xx = x0; xx < x1; ++xx) set(xx, yy, c);
}

void Image::frame(int x, int y, int w, int h, int t, Rgb c) {
    fill(x, y, w, t, c);
    fill(x, y + h - t, w, t, c);
    fill(x, y, t, h, c);
    fill(x + w - t, y, t, h, c);
}

void Image::line(double x0, double y0, double x1, double y1, int thickness, Rgb c) {
    // Square brush stamped along the segment at sub-pixel steps.
    const int steps = std::max(1, int(std::ceil(std::max(std::abs(x1 - x0), std::abs(y1 - y0)))));
    const int lo = -(thickness - 1) / 2;
    for (int i = 0; i <= steps; ++i) {
        const double t = double(i) / steps;
        const int x = int(std::floor(x0 + (x1 - x0) * t)), y = int(std::floor(y0 + (y1 - y0) * t));
        fill(x + lo, y + lo, thickness, thickness, c);
    }
}

void write_png(const Image& image, const std::string& path) {
    png_image png;
    std::memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    png.width = png_uint_32(image.width());
    png.height = png_uint_32(image.height());
    png.format = PNG_FORMAT_RGB;
    if (!png_image_write_to_file(&png, path.c_str(), 0, image.pixels().data(), 0, nullptr)) {
        const std::string why = png.message;
        png_image_free(&png);
        throw std::runtime_error(path + ": cannot write the PNG (" + why + ")");
    }
}

Image read_png(const std::string& path) {
    png_image png;
    std::memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&png, path.c_str()))
        throw std::runtime_error(path + ": not a readable PNG (" + std::string(png.message) + ")");
    png.format = PNG_FORMAT_RGB;
    if (png.width == 0 || png.height == 0 || png.width > 65535 || png.height > 65535) {
        png_image_free(&png);
        throw std::runtime_error(path + ": PNG size outside 1..65535 pixels per side");
    }
    Image out(int(png.width), int(png.height));
    std::vector<std::uint8_t> buffer(PNG_IMAGE_SIZE(png));
    if (!png_image_finish_read(&png, nullptr, buffer.data(), 0, nullptr)) {
        const std::string why = png.message;
        png_image_free(&png);
        throw std::runtime_error(path + ": damaged PNG (" + why + ")");
    }
    for (int y = 0; y < out.height(); ++y)
        for (int x = 0; x < out.width(); ++x) {
            const std::uint8_t* p = &buffer[(std::size_t(y) * png.width + std::size_t(x)) * 3];
            out.set(x, y, {p[0], p[1], p[2]});
        }
    return out;
}

}  // namespace voxnav::pictures
