// SPDX-License-Identifier: MIT
// Line-by-line reading shared by the text readers: line numbers, trailing
// '\r' removal, whitespace tokens, strict number parsing, path names.
#pragma once

#include <charconv>
#include <istream>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace voxnav::detail {

class LineReader {
public:
    explicit LineReader(std::istream& in) : in_(in) {}
    /// Next line without its '\n' or trailing '\r'; false at end of input.
    bool next(std::string& line) {
        if (!std::getline(in_, line)) return false;
        ++number_;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        return true;
    }
    [[nodiscard]] int number() const { return number_; }

private:
    std::istream& in_;
    int number_ = 0;
};

/// The last component of a path ('/' or '\\' separated).
inline std::string base_name(const std::string& path) {
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

inline std::vector<std::string_view> split_tokens(std::string_view s) {
    std::vector<std::string_view> out;
    std::size_t i = 0;
    while (i < s.size()) {
        while (i < s.size() && (s[i] == ' ' || s[i] == '\t')) ++i;
        std::size_t j = i;
        while (j < s.size() && s[j] != ' ' && s[j] != '\t') ++j;
        if (j > i) out.push_back(s.substr(i, j - i));
        i = j;
    }
    return out;
}

template <class Int>
std::optional<Int> parse_int(std::string_view s) {
    Int v{};
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

inline std::optional<double> parse_double(std::string_view s) {
    // std::from_chars for double is available in GCC 11+.
    double v{};
    auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
    if (ec != std::errc() || p != s.data() + s.size()) return std::nullopt;
    return v;
}

}  // namespace voxnav::detail
