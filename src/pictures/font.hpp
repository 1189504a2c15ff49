// SPDX-License-Identifier: MIT
// A 5x7 bitmap font for the legends of pictures: digits, letters (upper
// case; lower case is drawn as upper case) and common punctuation. Drawn by
// hand for this project; characters it lacks are drawn as a small box.
#pragma once

#include "voxnav/pictures/image.hpp"

#include <string_view>

namespace voxnav::pictures {

constexpr int kGlyphWidth = 5, kGlyphHeight = 7;
/// Horizontal advance of one character at `scale` (glyph plus one column gap). [Units: pixels]
constexpr int text_advance(int scale) { return (kGlyphWidth + 1) * scale; }
/// Width of `text` drawn at `scale`. [Units: pixels]
int text_width(std::string_view text, int scale);
/// Draws `text` with its top-left corner at (x, y); pixels outside are clipped.
void draw_text(Image& image, int x, int y, std::string_view text, Rgb colour, int scale);

}  // namespace voxnav::pictures
