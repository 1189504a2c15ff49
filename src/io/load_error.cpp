// SPDX-License-Identifier: MIT
#include "voxnav/io/formats.hpp"

namespace voxnav {

namespace {
// Readers below the formats (NBT, zlib) name their source themselves: a
// message that already starts with the file is not prefixed twice.
std::string without_file(const std::string& file, const std::string& message) {
    const std::string prefix = file + ": ";
    return !file.empty() && message.compare(0, prefix.size(), prefix) == 0 ? message.substr(prefix.size()) : message;
}

std::string format_message(const std::string& file, int line, const std::string& message) {
    std::string s = file;
    if (line > 0) s += ":" + std::to_string(line);
    return s + ": " + without_file(file, message);
}
}  // namespace

LoadError::LoadError(const std::string& file, int line, const std::string& message)
    : std::runtime_error(format_message(file, line, message)), file_(file), line_(line), detail_(without_file(file, message)) {}

}  // namespace voxnav
