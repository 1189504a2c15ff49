#include "voxnav/io/formats.hpp"

namespace voxnav {

namespace {
std::string format_message(const std::string& file, int line, const std::string& message) {
    std::string s = file;
    if (line > 0) s += ":" + std::to_string(line);
    return s + ": " + message;
}
}  // namespace

LoadError::LoadError(const std::string& file, int line, const std::string& message)
    : std::runtime_error(format_message(file, line, message)), file_(file), line_(line), detail_(message) {}

}  // namespace voxnav
