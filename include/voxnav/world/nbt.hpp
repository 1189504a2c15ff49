/// @file nbt.hpp
/// @brief Moved to voxnav/io/nbt.hpp (the file readers live in io/); kept so
/// existing includes still compile.
#pragma once

#include "voxnav/io/nbt.hpp"
