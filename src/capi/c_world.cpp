// SPDX-License-Identifier: MIT
// The C API's library, world and field calls (include/voxnav/voxnav.h).
#include "capi/c_handles.hpp"
#include "facts/nav_snapshot.hpp"

#include "voxnav/agent/action.hpp"
#include "voxnav/search/status.hpp"

#include <algorithm>
#include <array>
#include <cmath>

namespace voxnav::capi {

namespace {
thread_local std::string t_last_error;
}

void set_last_error(const std::string& text) { t_last_error = text; }

void WorldHolder::remember(const std::shared_ptr<NavField>& f) {
    fields.erase(std::remove_if(fields.begin(), fields.end(), [](const std::weak_ptr<NavField>& w) { return w.expired(); }),
                 fields.end());
    for (const auto& w : fields)
        if (w.lock() == f) return;
    fields.push_back(f);
}

namespace {

BlockShape to_shape(const voxnav_block_shape& s) {
    if (s.open_class > VOXNAV_OPEN_OWNER) throw ArgumentError("shape.open_class " + std::to_string(s.open_class) + " is not a voxnav_open_class");
    if (s.damage > VOXNAV_DAMAGE_FLOOR) throw ArgumentError("shape.damage " + std::to_string(s.damage) + " is not a voxnav_damage");
    BlockShape b;
    b.bottom = s.bottom;
    b.top = s.top;
    b.stair_faces = s.stair_faces;
    b.climbable = s.climbable != 0;
    b.open_class = static_cast<OpenClass>(s.open_class);
    b.open = s.open != 0;
    b.damage = static_cast<Damage>(s.damage);
    // 0 (a zeroed struct, or one written before these fields) means 1.
    // NaN and infinities are bad values (VOXNAV_ERR_ARGUMENT); a finite
    // factor out of range is a shape the registry refuses (VOXNAV_ERR_BLOCK).
    auto factor = [](double f, const char* what) {
        number_arg(f, what, -HUGE_VAL);
        return f == 0.0 ? 1.0 : f;
    };
    b.inside_speed = factor(s.inside_speed, "shape.inside_speed");
    b.inside_vspeed = factor(s.inside_vspeed, "shape.inside_vspeed");
    b.floor_speed = factor(s.floor_speed, "shape.floor_speed");
    b.jump_factor = factor(s.jump_factor, "shape.jump_factor");
    return b;
}

World& world_of(voxnav_world* w) { return need(w, "world").holder->world; }
const World& world_of(const voxnav_world* w) { return need(w, "world").holder->world; }

Voxel chunk_at(std::int32_t cx, std::int32_t cy, std::int32_t cz) {
    const Voxel c{cx, cy, cz};
    for (int a = 0; a < 3; ++a)
        if (c[a] < World::min_chunk || c[a] > World::max_chunk)
            throw ArgumentError("chunk coordinate " + std::to_string(c[a]) + " is outside [-2^27, 2^27 - 1]");
    return c;
}

}  // namespace
}  // namespace voxnav::capi

using namespace voxnav;
using namespace voxnav::capi;

extern "C" {

const char* voxnav_last_error(void) { return t_last_error.c_str(); }

const char* voxnav_search_status_name(int32_t status) {
    if (status < 0 || status > VOXNAV_FAILED) return "unknown";
    return to_string(static_cast<SearchStatus>(status));
}

static_assert(VOXNAV_ACTION_LEAP == int(voxnav::Action::Leap) && VOXNAV_ACTION_CLIMB == int(voxnav::Action::Climb) &&
                  VOXNAV_ACTION_FLY == int(voxnav::Action::Fly),
              "the C actions are voxnav::Action's values");
static_assert(VOXNAV_ACT_OPEN == int(voxnav::WorldAct::Open) && VOXNAV_ACT_DIG == int(voxnav::WorldAct::Dig) &&
                  VOXNAV_ACT_PLACE == int(voxnav::WorldAct::Place),
              "the C world acts are voxnav::WorldAct's values");

const char* voxnav_action_name(int32_t action) {
    if (action < 0 || action >= int32_t(kActions.size())) return "unknown";
    return to_string(static_cast<Action>(action));
}

voxnav_status voxnav_world_create(voxnav_world** out) {
    return guard(__func__, [&] {
        need(out, "out");
        auto w = std::make_unique<voxnav_world>();
        w->holder = std::make_shared<WorldHolder>();
        *out = w.release();
        return VOXNAV_OK;
    });
}

void voxnav_world_destroy(voxnav_world* world) { delete world; }

voxnav_status voxnav_world_define_block(voxnav_world* world, const char* name, int32_t kind, int32_t hazard,
                                        const voxnav_block_shape* shape, uint16_t* out_id) {
    return guard(__func__, [&] {
        World& w = world_of(world);
        const std::string n = need_text(name, "name");
        if (n.empty()) throw ArgumentError("a block name is empty");
        if (kind < VOXNAV_AIR || kind > VOXNAV_LIQUID) throw ArgumentError("kind " + std::to_string(kind) + " is not a voxnav_block_kind");
        const BlockShape s = shape ? to_shape(*shape) : BlockShape{};
        // The registry refuses a bad shape and the 65537th type, naming the
        // block: VOXNAV_ERR_BLOCK, as voxnav.h documents.
        BlockId id = 0;
        try {
            id = w.blocks().define(n, static_cast<BlockKind>(kind), hazard != 0, s);
        } catch (const std::invalid_argument& e) {
            throw BlockError(e.what());
        }
        if (out_id) *out_id = id;
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_world_set_block_material(voxnav_world* world, uint16_t id, double hardness, int32_t falls, int32_t replaceable) {
    return guard(__func__, [&] {
        World& w = world_of(world);
        number_arg(hardness, "hardness", 0.0, false, true);
        try {
            w.blocks().set_material(id, {hardness, falls != 0, replaceable != 0});
        } catch (const std::invalid_argument& e) {
            throw ArgumentError(e.what());
        }
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_world_find_block(const voxnav_world* world, const char* name, uint16_t* out_id) {
    return guard(__func__, [&] {
        const auto id = world_of(world).blocks().find(need_text(name, "name"));
        if (!id) throw ArgumentError(std::string("no block is named '") + name + "'");
        need(out_id, "out_id") = *id;
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_world_set_chunk(voxnav_world* world, int32_t cx, int32_t cy, int32_t cz, const uint16_t* ids) {
    return guard(__func__, [&] {
        World& w = world_of(world);
        const Voxel c = chunk_at(cx, cy, cz);
        need(ids, "ids");
        // (World::set_chunk refuses unknown ids before writing anything.)
        if (w.is_loaded(c)) {
            // Games re-send chunks they did not change (a refresh, a reload):
            // an identical one costs a read, not a re-derivation.
            std::array<BlockId, World::chunk_volume> old;
            w.get_chunk(c, old.data());
            if (std::equal(old.begin(), old.end(), ids)) return VOXNAV_OK;
        }
        w.set_chunk(c, ids);
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_world_get_chunk(const voxnav_world* world, int32_t cx, int32_t cy, int32_t cz, uint16_t* ids_out) {
    return guard(__func__, [&] {
        need(ids_out, "ids_out");
        world_of(world).get_chunk(chunk_at(cx, cy, cz), ids_out);
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_world_set_block(voxnav_world* world, int32_t x, int32_t y, int32_t z, uint16_t id) {
    return guard(__func__, [&] {
        voxnav::World& w = world_of(world);
        if (!w.set_block({x, y, z}, id)) {
            const voxnav::Voxel c = voxnav::chunk_of({x, y, z});
            throw StateError("block (" + std::to_string(x) + ", " + std::to_string(y) + ", " + std::to_string(z) + ") is in chunk (" +
                             std::to_string(c.x) + ", " + std::to_string(c.y) + ", " + std::to_string(c.z) +
                             "), which was unloaded: the edit was not written (voxnav_world_set_chunk loads the chunk again)");
        }
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_world_get_block(const voxnav_world* world, int32_t x, int32_t y, int32_t z, uint16_t* out_id) {
    return guard(__func__, [&] {
        need(out_id, "out_id") = world_of(world).block({x, y, z});
        return VOXNAV_OK;
    });
}

voxnav_status voxnav_world_unload_chunk(voxnav_world* world, int32_t cx, int32_t cy, int32_t cz) {
    return guard(__func__, [&] {
        world_of(world).unload_chunk(chunk_at(cx, cy, cz));
        return VOXNAV_OK;
    });
}

int32_t voxnav_world_is_loaded(const voxnav_world* world, int32_t cx, int32_t cy, int32_t cz) {
    return world && world->holder->world.is_loaded({cx, cy, cz}) ? 1 : 0;
}

size_t voxnav_world_loaded_chunks(const voxnav_world* world) { return world ? world->holder->world.loaded_chunks().size() : 0; }
uint64_t voxnav_world_revision(const voxnav_world* world) { return world ? world->holder->world.revision() : 0; }
size_t voxnav_world_memory_bytes(const voxnav_world* world) { return world ? world->holder->world.memory_bytes() : 0; }

voxnav_status voxnav_world_sync(voxnav_world* world) {
    return guard(__func__, [&] {
        WorldHolder& h = *need(world, "world").holder;
        for (const auto& w : h.fields)
            if (const auto f = w.lock()) f->sync(h.world);
        return VOXNAV_OK;
    });
}

size_t voxnav_world_facts_bytes(const voxnav_world* world) {
    if (!world) return 0;
    std::size_t bytes = 0;
    for (const auto& w : world->holder->fields)
        if (const auto f = w.lock()) bytes += f->snapshot()->memory_bytes();
    return bytes;
}

voxnav_status voxnav_field_create(voxnav_world* world, const char* profile_json, voxnav_field** out) {
    return guard(__func__, [&] {
        const auto& holder = need(world, "world").holder;
        const AgentProfile p = profile_arg(profile_json);
        auto f = std::make_unique<voxnav_field>();
        f->holder = holder;
        f->field = NavField::shared(holder->world, p);
        // Workers of a digging or placing agent read block ids from it.
        if (p.changes_world()) f->field->keep_blocks(holder->world);
        holder->remember(f->field);
        need(out, "out") = f.release();
        return VOXNAV_OK;
    });
}

void voxnav_field_destroy(voxnav_field* field) { delete field; }

}  // extern "C"
