/// @file formats.hpp
/// @brief Moved to voxnav/io/formats.hpp (the file readers live in io/); kept so
/// existing includes still compile.
#pragma once

#include "voxnav/io/formats.hpp"
