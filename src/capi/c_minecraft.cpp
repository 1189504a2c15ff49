// SPDX-License-Identifier: MIT
// The C API's Minecraft block tables (include/voxnav/voxnav.h): a block
// state string becomes a world block id through a table, as the readers of
// Minecraft files do (io/minecraft_blocks.hpp, BlockMapper).
#include "capi/c_handles.hpp"

#include "io/block_states.hpp"
#include "io/minecraft_blocks.hpp"
#include "voxnav/io/formats.hpp"

#include <map>

struct voxnav_block_table {
    // The builtin table is a static of the library: held without owning it.
    std::shared_ptr<const voxnav::MinecraftBlockTable> table;
};

namespace voxnav::capi {

struct WorldHolder::MinecraftNames {
    struct Mapper {
        std::shared_ptr<const MinecraftBlockTable> table;  // alive while the mapper reads it
        std::unique_ptr<BlockMapper> mapper;
        std::unordered_map<std::string, std::pair<BlockId, bool>> ids;  // state string -> id, known
    };
    std::map<const MinecraftBlockTable*, Mapper> by_table;
};

WorldHolder::WorldHolder() = default;
WorldHolder::~WorldHolder() = default;

}  // namespace voxnav::capi

using namespace voxnav;
using namespace voxnav::capi;

namespace {

const voxnav_block_table& builtin_handle() {
    static const voxnav_block_table handle{
        std::shared_ptr<const MinecraftBlockTable>(&MinecraftBlockTable::builtin(), [](const MinecraftBlockTable*) {})};
    return handle;
}

}  // namespace

extern "C" {

voxnav_status voxnav_block_table_builtin(const voxnav_block_table** out) {
    return guard(__func__, [&] {
        need(out, "out");
        try {
            *out = &builtin_handle();
        } catch (const LoadError& e) {
            throw ArgumentError(e.what());
        }
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_block_table_load(const char* path, voxnav_block_table** out) {
    return guard(__func__, [&] {
        need(out, "out");
        const std::string file = need_text(path, "path");
        std::shared_ptr<const MinecraftBlockTable> t;
        try {
            t = std::make_shared<const MinecraftBlockTable>(MinecraftBlockTable::load(file));
        } catch (const LoadError& e) {
            throw ArgumentError(e.what());
        }
        *out = new voxnav_block_table{std::move(t)};
        return VOXNAV_OK;
    });
}

void voxnav_block_table_destroy(voxnav_block_table* table) {
    if (table && table != &builtin_handle()) delete table;
}

voxnav_status voxnav_world_minecraft_block(voxnav_world* world, const voxnav_block_table* table, const char* state,
                                           uint16_t* out_id, int32_t* known_out) {
    return guard(__func__, [&] {
        WorldHolder& h = *need(world, "world").holder;
        const std::string text = need_text(state, "state");
        need(out_id, "out_id");
        if (text.empty()) throw ArgumentError("state is empty");
        const voxnav_block_table* t = table;
        if (!t) {
            try {
                t = &builtin_handle();
            } catch (const LoadError& e) {
                throw ArgumentError(e.what());
            }
        }
        if (!h.minecraft) h.minecraft = std::make_unique<WorldHolder::MinecraftNames>();
        WorldHolder::MinecraftNames::Mapper& m = h.minecraft->by_table[t->table.get()];
        if (!m.mapper) {
            m.table = t->table;
            m.mapper = std::make_unique<BlockMapper>(h.world, *m.table);
        }
        auto it = m.ids.find(text);
        if (it == m.ids.end()) {
            detail::StateProperties props;
            const std::string name = detail::split_state_string(text, props);
            if (name.empty()) throw ArgumentError("state \"" + text + "\" has no block name");
            const BlockId id = m.mapper->map(name, props);
            const bool known = m.table->classify(name, props).has_value();
            it = m.ids.emplace(text, std::make_pair(id, known)).first;
        }
        *out_id = it->second.first;
        if (known_out) *known_out = it->second.second ? 1 : 0;
        return VOXNAV_OK;
    });
}

}  // extern "C"
