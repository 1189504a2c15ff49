/// @file imports.hpp
/// @brief Moved to voxnav/io/imports.hpp (the file readers live in io/); kept so
/// existing includes still compile.
#pragma once

#include "voxnav/io/imports.hpp"
