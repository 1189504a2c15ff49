// SPDX-License-Identifier: MIT
// Fuzz targets: every reader and parser voxnav has, each as a function of
// raw bytes. A target catches exactly the exception types the reader's
// header documents; anything else escapes, which libFuzzer reports as a
// crash and the replay test (test_fuzz_regressions.cpp) as a failure. A
// target that loads a world also routes a few capped queries on it, so what
// loads is also safe to route over.
//
// The same functions serve the libFuzzer binaries (fuzz_<name>, built with
// -DVOXNAV_FUZZ=ON and clang) and the replay of tests/fuzz/corpus_<name>/
// and tests/fuzz/regressions/<name>/ in every normal build.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace voxnav::fuzz {

using Target = int (*)(const std::uint8_t* data, std::size_t size);

int text_world(const std::uint8_t* data, std::size_t size);
int movingai_map(const std::uint8_t* data, std::size_t size);
int movingai_3dmap(const std::uint8_t* data, std::size_t size);
int scenarios(const std::uint8_t* data, std::size_t size);
int profile(const std::uint8_t* data, std::size_t size);
int route_json(const std::uint8_t* data, std::size_t size);
int block_table(const std::uint8_t* data, std::size_t size);
int schematic(const std::uint8_t* data, std::size_t size);
int chunk(const std::uint8_t* data, std::size_t size);
int anvil(const std::uint8_t* data, std::size_t size);
int structure(const std::uint8_t* data, std::size_t size);
int vox(const std::uint8_t* data, std::size_t size);
int vox_palette(const std::uint8_t* data, std::size_t size);
int vdb_metadata(const std::uint8_t* data, std::size_t size);
int query_syntax(const std::uint8_t* data, std::size_t size);
int nbt(const std::uint8_t* data, std::size_t size);
int trace_json(const std::uint8_t* data, std::size_t size);
/// A Minecraft block state typed by a person or sent by a game
/// ("minecraft:oak_door[facing=north]"), checked and resolved as voxnav
/// follow's edits are: syntax, the table's rule, Minecraft's values.
int block_state(const std::uint8_t* data, std::size_t size);

struct NamedTarget {
    const char* name;  ///< corpus folder tests/fuzz/corpus_<name>
    Target run;
};
/// Every target, by name.
const std::vector<NamedTarget>& all_targets();

}  // namespace voxnav::fuzz
