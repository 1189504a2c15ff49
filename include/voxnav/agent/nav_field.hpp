/// @file nav_field.hpp
/// @brief Moved to voxnav/facts/nav_field.hpp (the derived facts live in facts/);
/// kept so existing includes still compile.
#pragma once

#include "voxnav/facts/nav_field.hpp"
