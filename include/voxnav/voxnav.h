/* SPDX-License-Identifier: MIT */
/** @file voxnav.h
 * @brief The C API: voxnav for games that are not written in C++ (Lua through
 * LuaJIT's FFI, C# through P/Invoke, Rust, Python, Godot's GDExtension).
 * C99; link the shared library `libvoxnav.so` (pkg-config voxnav; CMake: voxnav::voxnav).
 *
 * A whole program (ctest builds and runs it: tests/docs/docs.cmake):
 * @code
 * #include <voxnav/voxnav.h>
 *
 * #include <stdio.h>
 *
 * int main(void) {
 *     voxnav_world* w = NULL;
 *     voxnav_world_create(&w);
 *     uint16_t stone = 0;
 *     voxnav_world_find_block(w, "stone", &stone);       // predefined; voxnav_world_define_block adds more
 *     static uint16_t ids[4096];                           // index x + 16 * (z + 16 * y); 0 is air
 *     for (int i = 0; i < 256; ++i) ids[i] = stone;        // the chunk's floor
 *     voxnav_world_set_chunk(w, 0, 0, 0, ids);
 *     voxnav_navigator* nav = NULL;
 *     if (voxnav_navigator_create(w, "{\"width\": 1}", &nav) != VOXNAV_OK) {
 *         fprintf(stderr, "%s\n", voxnav_last_error());   // names the bad key or value
 *         return 1;
 *     }
 *     voxnav_query q;
 *     voxnav_query_init(&q);
 *     voxnav_goal g = voxnav_goal_at(12, 1, 9);
 *     q.goals = &g;
 *     q.goal_count = 1;
 *     voxnav_route* r = NULL;
 *     voxnav_route_create(&r);
 *     const int32_t from[3] = {1, 1, 1};
 *     int found = voxnav_find_route(nav, from, &q, r) == VOXNAV_OK && voxnav_route_usable(r);
 *     if (found) {
 *         const voxnav_waypoint* wp = voxnav_route_waypoints(r);
 *         for (size_t i = 0; i < voxnav_route_size(r); ++i)
 *             printf("%s %d %d %d\n", voxnav_action_name(wp[i].action), wp[i].x, wp[i].y, wp[i].z);
 *     }
 *     voxnav_route_destroy(r);
 *     voxnav_navigator_destroy(nav);
 *     voxnav_world_destroy(w);
 *     return found ? 0 : 1;
 * }
 * @endcode
 *
 * Errors. Every call returns a voxnav_status (functions that cannot fail
 * return their value). On anything but VOXNAV_OK, voxnav_last_error() gives
 * one sentence naming what was wrong (the argument, the JSON key, the block
 * id); it is per thread and stays until that thread's next failing call. No
 * C++ exception ever leaves the library. A failed call changes nothing.
 * A query that ran but found no route is VOXNAV_OK: the route says why
 * (voxnav_route_status, voxnav_route_error).
 *
 * Ownership. Every handle comes from a *_create call and goes back through
 * its *_destroy (NULL is accepted and ignored). Fields and navigators keep
 * their world alive: destroying a world handle first is allowed, and the
 * world's memory goes with the last of them.
 * Strings returned by the library are owned by it: voxnav_last_error()'s
 * until the thread's next failing call, a route's until it is filled again
 * or destroyed. Strings passed in are copied.
 *
 * Threads. A world and the navigators made from it (voxnav_navigator_create)
 * belong to one thread, the game thread: calls on them must not overlap.
 * Workers route on other threads: voxnav_field_create gives the shared facts
 * of an agent shape, voxnav_world_sync (game thread) publishes the world's
 * edits to every field of that world, and a navigator made with
 * voxnav_navigator_create_worker(field, ...) routes on the latest published
 * version, never reading the world; one worker navigator per thread. Routes
 * are plain data: any thread may read a route no call is filling.
 *
 * Units. Positions are voxel coordinates (int32; y up); a waypoint is the
 * feet voxel of the agent. Costs are seconds; feet heights and radii are
 * voxels. A chunk is 16^3 voxels: chunk c holds voxels 16c .. 16c + 15.
 */
#ifndef VOXNAV_VOXNAV_H
#define VOXNAV_VOXNAV_H

#include <stddef.h>
#include <stdint.h>

#if defined(_WIN32)
#define VOXNAV_C_API __declspec(dllexport)
#else
#define VOXNAV_C_API __attribute__((visibility("default")))
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* BEGIN FFI: the declarations below, comments and macros removed, are what
   the Luanti mod hands LuaJIT's ffi.cdef (luanti/CMakeLists.txt). Keep them
   plain C declarations: no macros other than VOXNAV_C_API. */

typedef enum voxnav_status {
    VOXNAV_OK = 0,
    VOXNAV_ERR_ARGUMENT = 1,      /**< a NULL handle, a bad value or position, an unknown id */
    VOXNAV_ERR_PROFILE = 2,       /**< agent profile JSON: bad JSON, unknown key, bad value */
    VOXNAV_ERR_BLOCK = 3,         /**< block definition: name taken with another kind, bad shape, too many */
    VOXNAV_ERR_STATE = 4,         /**< the call does not fit the handle's state (an edit to an unloaded chunk) */
    VOXNAV_ERR_OUT_OF_MEMORY = 5,
    VOXNAV_ERR_INTERNAL = 6       /**< a bug: please report the text */
} voxnav_status;

/** What a block does to an agent's body. */
typedef enum voxnav_block_kind {
    VOXNAV_AIR = 0,     /**< passable, gives no support */
    VOXNAV_SOLID = 1,   /**< blocks the body, supports an agent standing on it */
    VOXNAV_LIQUID = 2   /**< passable; water unless hazard (lava) */
} voxnav_block_kind;

/** Who may open a door, gate or trapdoor (matches a profile's "opens"). */
typedef enum voxnav_open_class {
    VOXNAV_OPEN_NONE = 0,     /**< not openable */
    VOXNAV_OPEN_HAND = 1,     /**< wooden doors, gates, trapdoors: "hand" */
    VOXNAV_OPEN_POWERED = 2,  /**< iron doors (redstone): "powered" */
    VOXNAV_OPEN_OWNER = 3     /**< locked doors only their owner opens (Luanti's steel doors): "owner" */
} voxnav_open_class;

typedef enum voxnav_damage {
    VOXNAV_DAMAGE_NONE = 0,
    VOXNAV_DAMAGE_BODY = 1,   /**< never inside the body (fire, cactus) */
    VOXNAV_DAMAGE_FLOOR = 2   /**< never inside the body, never stood on (magma) */
} voxnav_damage;

/** The shape of a block type; see voxnav/world/block.hpp. Heights are
   sixteenths of a voxel above the voxel's bottom. */
typedef struct voxnav_block_shape {
    uint8_t bottom;       /**< collision from [0, 15] */
    uint8_t top;          /**< to (bottom, 24]; 16 is the full cube, 24 a fence */
    uint8_t stair_faces;  /**< low faces of a stair: bit 0 +x, 1 -x, 2 +z, 3 -z; needs 0..16 */
    uint8_t climbable;    /**< 1: ladders, vines (kind air) */
    uint8_t open_class;   /**< voxnav_open_class (kind solid) */
    uint8_t open;         /**< 1: an open door (no collision) */
    uint8_t damage;       /**< voxnav_damage */
    /** Blocks that slow a body (0 means 1: not slowed). A body inside walks
       at inside_speed (0, 1] of its open speed and sinks at inside_vspeed
       (0, 4] x its walking speed (a cobweb: 0.1135, 0.0182, measured with
       prismarine-physics; kind air or liquid); one standing on it walks at
       floor_speed (0, 1] and jumps jump_factor (0, 1] of its height (soul
       sand and honey 0.5809; honey's jump 0.2079; kind solid). */
    double inside_speed, inside_vspeed, floor_speed, jump_factor;
} voxnav_block_shape;

typedef enum voxnav_action {
    VOXNAV_ACTION_START = 0,
    VOXNAV_ACTION_WALK = 1,
    VOXNAV_ACTION_JUMP = 2,
    VOXNAV_ACTION_FALL = 3,
    VOXNAV_ACTION_SWIM = 4,
    VOXNAV_ACTION_FLY = 5,
    VOXNAV_ACTION_CLIMB = 6,
    VOXNAV_ACTION_LEAP = 7  /**< a running jump across a gap: run for it */
} voxnav_action;
/** An action is the motion only. What a move does to the world first is
   apart: the voxels it opens (doors, gates, trapdoors), digs and places
   (voxnav_waypoint's opened, dug and placed; voxnav_waypoint_voxels). */
typedef enum voxnav_world_act {
    VOXNAV_ACT_OPEN = 1,
    VOXNAV_ACT_DIG = 2,
    VOXNAV_ACT_PLACE = 4
} voxnav_world_act;

typedef enum voxnav_search_status {
    VOXNAV_FOUND = 0,          /**< a route to the goal */
    VOXNAV_PARTIAL = 1,        /**< node cap reached: a route towards the goal */
    VOXNAV_NO_PATH = 2,        /**< unreachable (within max_cost) */
    VOXNAV_INVALID_START = 3,  /**< the start is no waypoint (inside a wall, unloaded) */
    VOXNAV_INVALID_GOAL = 4,   /**< no waypoint satisfies the goal */
    VOXNAV_CANCELLED = 5,
    VOXNAV_FAILED = 6          /**< could not run (out of memory) */
} voxnav_search_status;

typedef enum voxnav_goal_kind {
    VOXNAV_GOAL_AT = 0,      /**< that feet voxel (x, y, z) */
    VOXNAV_GOAL_NEAR = 1,    /**< any waypoint within radius of (px, py, pz) */
    VOXNAV_GOAL_COLUMN = 2,  /**< any waypoint with feet x, z */
    VOXNAV_GOAL_LEVEL = 3,   /**< any waypoint with feet y */
    VOXNAV_GOAL_TOUCH = 4,   /**< any waypoint whose body touches block (x, y, z) */
    VOXNAV_GOAL_NEAR_XZ = 5  /**< any waypoint within radius of (px, pz) horizontally, at any height (py unused) */
} voxnav_goal_kind;

typedef struct voxnav_goal {
    int32_t kind;            /**< voxnav_goal_kind */
    int32_t x, y, z;         /**< AT, TOUCH: the voxel; COLUMN: x, z; LEVEL: y */
    double px, py, pz;       /**< NEAR, NEAR_XZ: the centre [voxels, may be fractional] */
    double radius;           /**< NEAR, NEAR_XZ [voxels, >= 0] */
} voxnav_goal;

/** A point to run from (a flee query): waypoints at least radius away are safe. */
typedef struct voxnav_threat {
    double x, y, z;
    double radius;           /**< [voxels, >= 0] */
} voxnav_threat;

typedef enum voxnav_zone_shape { VOXNAV_ZONE_SPHERE = 0, VOXNAV_ZONE_BOX = 1 } voxnav_zone_shape;

/** A cost zone: moves ending inside cost `multiplier` times more (below 1: a
   road; infinity: never enter). See voxnav/route/query_costs.hpp. */
typedef struct voxnav_zone {
    int32_t shape;               /**< voxnav_zone_shape */
    double cx, cy, cz, radius;   /**< SPHERE: feet voxels within radius of the centre */
    int32_t lo[3], hi[3];        /**< BOX: feet voxels lo <= v < hi per axis */
    double multiplier;           /**< > 0; HUGE_VAL / INFINITY forbids */
} voxnav_zone;

/** Everything a route query may say. Start from voxnav_query_init. */
typedef struct voxnav_query {
    const voxnav_goal* goals;        /**< any of these (at least one, unless fleeing) */
    size_t goal_count;
    const voxnav_threat* threats;    /**< a flee query when goal_count is 0 */
    size_t threat_count;
    double weight;                   /**< >= 1; routes cost at most weight x the optimum (1) */
    uint32_t max_nodes;              /**< expansions before PARTIAL (200000) */
    double max_cost;                 /**< [seconds] (infinity) */
    const voxnav_zone* zones;
    size_t zone_count;
    const char* const* floor_names;  /**< per-query floor cost overrides: block names ... */
    const double* floor_costs;       /**< ... and their multipliers (>= 1) */
    size_t floor_cost_count;
    int32_t snap_start;              /**< 1: a start that is no waypoint snaps to the nearest (1) */
    int32_t snap_goal;               /**< 1: an AT goal that is no waypoint snaps (0) */
    int32_t accelerate;              /**< 1: exact acceleration where it pays: landmark tables, jump points (1); 0: plain A* */
} voxnav_query;

typedef struct voxnav_waypoint {
    int32_t x, y, z;     /**< feet voxel */
    int32_t action;      /**< voxnav_action: the motion that reaches it; START for the first */
    double feet_y;       /**< height the feet stand at [voxels]: y, or y +- a slab's or stair's height */
    double cost;         /**< of the move that reaches it [seconds] */
    uint32_t opened;     /**< doors, gates, trapdoors its move opens first (voxnav_waypoint_voxels) */
    uint32_t dug;        /**< voxels its move digs first */
    uint32_t placed;     /**< blocks its move places */
} voxnav_waypoint;

typedef struct voxnav_metrics {
    uint64_t expanded;    /**< nodes expanded */
    uint64_t generated;   /**< nodes created */
    double microseconds;  /**< wall time of the search */
    uint64_t revision;    /**< world revision the route was computed on */
} voxnav_metrics;

typedef struct voxnav_world voxnav_world;
typedef struct voxnav_field voxnav_field;
typedef struct voxnav_navigator voxnav_navigator;
typedef struct voxnav_route voxnav_route;
typedef struct voxnav_flow_field voxnav_flow_field;

/* --- library ------------------------------------------------------------- */
/** The library's version, "MAJOR.MINOR.PATCH" (voxnav/version.hpp): a static
   string, never NULL. Any thread. */
VOXNAV_C_API const char* voxnav_version(void);
/** The calling thread's last error sentence ("" when none). Any thread. */
VOXNAV_C_API const char* voxnav_last_error(void);
/** "found", "partial", "no_path", ...; "walk", "jump", ... (static strings). */
VOXNAV_C_API const char* voxnav_search_status_name(int32_t status);
VOXNAV_C_API const char* voxnav_action_name(int32_t action);

/* --- world (game thread) -------------------------------------------------- */
VOXNAV_C_API voxnav_status voxnav_world_create(voxnav_world** out);
VOXNAV_C_API void voxnav_world_destroy(voxnav_world* world);
/** Adds or redefines the named block type (shape NULL: a plain block of the
   kind) and gives its id; redefining changes every voxel holding it. Names
   are any text. At most 65536 types (air, stone, water, lava, mud exist).
   VOXNAV_ERR_BLOCK for a shape the kind cannot have, redefining air or a
   65537th type; VOXNAV_ERR_ARGUMENT for a NULL or an out-of-range enum. */
VOXNAV_C_API voxnav_status voxnav_world_define_block(voxnav_world* world, const char* name, int32_t kind, int32_t hazard,
                                                     const voxnav_block_shape* shape, uint16_t* out_id);
/** What digging and placing agents read of a block type: seconds to break it
   by hand (hardness >= 0; INFINITY: unbreakable), whether it falls when the
   block below is dug (sand), and whether a placed block may take its voxel.
   A new type has 1 s, not falling, and replaceable unless solid.
   VOXNAV_ERR_ARGUMENT for an unknown id or a negative or NaN hardness. */
VOXNAV_C_API voxnav_status voxnav_world_set_block_material(voxnav_world* world, uint16_t id, double hardness, int32_t falls,
                                                           int32_t replaceable);
/** The id of a block name (VOXNAV_ERR_ARGUMENT when unknown). */
VOXNAV_C_API voxnav_status voxnav_world_find_block(const voxnav_world* world, const char* name, uint16_t* out_id);
/** Loads or replaces chunk (cx, cy, cz) from 4096 ids, index x + 16 * (z + 16 * y).
   An unknown id: VOXNAV_ERR_ARGUMENT, nothing written. An identical chunk is
   not written again (no revision, nothing re-derived). */
VOXNAV_C_API voxnav_status voxnav_world_set_chunk(voxnav_world* world, int32_t cx, int32_t cy, int32_t cz, const uint16_t* ids);
/** The chunk's 4096 ids, in set_chunk's order (air where not loaded). */
VOXNAV_C_API voxnav_status voxnav_world_get_chunk(const voxnav_world* world, int32_t cx, int32_t cy, int32_t cz, uint16_t* ids_out);
/** Writes one block; loads its chunk when it was never loaded (a world built
   block by block). A chunk unloaded with voxnav_world_unload_chunk stays
   unloaded until voxnav_world_set_chunk gives it again: an edit there (one
   racing the unload) is VOXNAV_ERR_STATE and writes nothing, so the chunk
   never comes back as air around one block. */
VOXNAV_C_API voxnav_status voxnav_world_set_block(voxnav_world* world, int32_t x, int32_t y, int32_t z, uint16_t id);
VOXNAV_C_API voxnav_status voxnav_world_get_block(const voxnav_world* world, int32_t x, int32_t y, int32_t z, uint16_t* out_id);
/** Forgets a chunk: air, not loaded, its memory freed; voxnav_world_set_block
   there is refused until voxnav_world_set_chunk loads it again. */
VOXNAV_C_API voxnav_status voxnav_world_unload_chunk(voxnav_world* world, int32_t cx, int32_t cy, int32_t cz);
/** 1 when the chunk is loaded, else 0 (0 for NULL). */
VOXNAV_C_API int32_t voxnav_world_is_loaded(const voxnav_world* world, int32_t cx, int32_t cy, int32_t cz);
VOXNAV_C_API size_t voxnav_world_loaded_chunks(const voxnav_world* world);
/** Increases with every write. */
VOXNAV_C_API uint64_t voxnav_world_revision(const voxnav_world* world);
/** Bytes of the block store. */
VOXNAV_C_API size_t voxnav_world_memory_bytes(const voxnav_world* world);
/** Publishes the world's edits to every field made from it (re-derives what
   changed). World navigators also do this before each query themselves. */
VOXNAV_C_API voxnav_status voxnav_world_sync(voxnav_world* world);
/** Bytes of the navigation facts of every field of this world. */
VOXNAV_C_API size_t voxnav_world_facts_bytes(const voxnav_world* world);

/* --- Minecraft blocks (voxnav/io/imports.hpp, docs/movement.md) -----------
   A game mirroring a Minecraft world (a bot's chunks, a server's) turns each
   block state into a voxnav block through a block table: the one shipped
   with voxnav (worlds/minecraft_blocks.txt, every block of Java 1.13 ..
   1.21.11 with its real collision) or one of the game's own. */
typedef struct voxnav_block_table voxnav_block_table;
/** The table shipped with voxnav, read once (any thread); owned by the
   library: never destroy it. VOXNAV_ERR_ARGUMENT naming the folders tried
   when it is not installed (set VOXNAV_DATA_DIR to its folder). */
VOXNAV_C_API voxnav_status voxnav_block_table_builtin(const voxnav_block_table** out);
/** A table in the format of worlds/minecraft_blocks.txt; VOXNAV_ERR_ARGUMENT
   naming the file and line of the first bad line. */
VOXNAV_C_API voxnav_status voxnav_block_table_load(const char* path, voxnav_block_table** out);
/** Frees a loaded table (the builtin one and NULL are ignored). Worlds that
   used it keep what they need. */
VOXNAV_C_API void voxnav_block_table_destroy(voxnav_block_table* table);
/** The world's block id of a Minecraft block state: a name with or without
   "minecraft:", its properties in brackets as the game writes them
   ("oak_stairs[facing=east,half=bottom]", "oak_door[open=true,half=lower]").
   The first use defines the block type from the table (its kind, shape,
   material; a waterlogged passable block is water); later uses of the same
   state give the same id at the cost of a lookup. `table` NULL: the builtin
   one. *known_out (may be NULL): 0 when the table has no such name (the
   block is then an unknown full solid), else 1. Game thread. */
VOXNAV_C_API voxnav_status voxnav_world_minecraft_block(voxnav_world* world, const voxnav_block_table* table, const char* state,
                                                        uint16_t* out_id, int32_t* known_out);

/* --- shared fields (create and sync: game thread) ------------------------ */
/** The facts of the profile's agent shape on this world, shared with every
   navigator of the same shape. Profile: JSON text as in worlds/agents. For a
   profile that digs or places, the field also keeps the world's block ids
   from now on (what its workers' dig and place queries read). */
VOXNAV_C_API voxnav_status voxnav_field_create(voxnav_world* world, const char* profile_json, voxnav_field** out);
VOXNAV_C_API void voxnav_field_destroy(voxnav_field* field);

/* --- navigators ----------------------------------------------------------- */
/** A game-thread navigator: each query first brings the facts up to date with
   the world. Profile errors: VOXNAV_ERR_PROFILE naming the key. */
VOXNAV_C_API voxnav_status voxnav_navigator_create(voxnav_world* world, const char* profile_json, voxnav_navigator** out);
/** A worker navigator: routes on the field's latest published version (see
   voxnav_world_sync); use it on one thread at a time, any thread. The
   profile must have the field's shape. */
VOXNAV_C_API voxnav_status voxnav_navigator_create_worker(voxnav_field* field, const char* profile_json, voxnav_navigator** out);
VOXNAV_C_API void voxnav_navigator_destroy(voxnav_navigator* nav);
/** Landmark tables for this navigator's agent (docs/landmarks.md): `count` landmarks, 4 bytes per standable position each
   (0: none; at most 32), built on a worker thread once a query finds at
   least `min_waypoints` dry standable positions (default 8 and 20000).
   Routes cost the same with or without them. Call before queries, on the
   navigator's thread. VOXNAV_ERR_ARGUMENT for a count out of range. */
VOXNAV_C_API voxnav_status voxnav_navigator_use_landmarks(voxnav_navigator* nav, int32_t count, uint64_t min_waypoints);
/** Sets q to the defaults noted in voxnav_query (no goals). */
VOXNAV_C_API void voxnav_query_init(voxnav_query* q);
VOXNAV_C_API voxnav_goal voxnav_goal_at(int32_t x, int32_t y, int32_t z);
VOXNAV_C_API voxnav_goal voxnav_goal_near(double x, double y, double z, double radius);
/** A route from feet voxel `from` (int32[3]) to the query's goal, written to
   `route`. VOXNAV_OK when the search ran, whatever it found (see the route's
   status); an error status for bad arguments (the route is then cleared and
   holds the error text too). */
VOXNAV_C_API voxnav_status voxnav_find_route(voxnav_navigator* nav, const int32_t* from, const voxnav_query* query, voxnav_route* route);
/** 1 when the navigator's agent can stand at feet voxel (x, y, z) now, else
   0. A closed door the agent opens is 0: a route passes it with an OPEN move,
   but no body stands there until it is opened (the C++ Navigator::is_waypoint,
   "may a route pass or end here", says 1 there). To know whether a route
   still holds, use voxnav_check_route. */
VOXNAV_C_API int32_t voxnav_is_waypoint(voxnav_navigator* nav, int32_t x, int32_t y, int32_t z);

/** What voxnav_check_route says of a route. */
typedef struct voxnav_route_check {
    int32_t valid;          /**< 1: every move from from_waypoint on still exists with its action */
    int32_t unchanged;      /**< 1: the world has not changed since the route was made (nothing read) */
    size_t first_invalid;   /**< the first waypoint no longer reached by its move; the route's size when valid */
    const char* why;        /**< one sentence when invalid, else ""; valid until the navigator's next check */
} voxnav_route_check;
/** Whether `route` (found by this navigator's agent) can still be followed
   from waypoint `from_waypoint` on (where the NPC is now, or heads from; the
   moves behind it are not checked), on the latest facts: world navigators
   bring theirs up to date with the world first, workers take the latest
   published version. Every waypoint ahead must still be one and every move
   still exist with its action (a door closed since, a wall placed, a floor
   dug away: invalid). A digging or placing agent's route is checked against
   the moves its search had; a dig, a bridge or a door opening the NPC
   already carried out counts as the walk, jump or fall it became (a pillar
   is carried out once the NPC stands on it: check from that waypoint). Call it every tick or after edits near the
   route; it reads only the chunks the route crosses. `from_waypoint` past
   the route's end: valid 0, saying so. */
VOXNAV_C_API voxnav_status voxnav_check_route(voxnav_navigator* nav, const voxnav_route* route, size_t from_waypoint,
                                              voxnav_route_check* out);
/** The cost of each move of `route` on the latest facts, as the search prices
   it [seconds]: costs_out[k] (k >= 1) is the cheapest move from waypoint
   k - 1 to waypoint k with waypoint k's action, times the zones holding
   waypoint k (zones may be NULL when zone_count is 0); HUGE_VAL (infinity)
   where that move no longer exists; costs_out[0] is 0. *count_out (may be
   NULL) gets the route's size; when capacity is smaller: VOXNAV_ERR_ARGUMENT,
   no cost written (*count_out still says how many are needed). */
VOXNAV_C_API voxnav_status voxnav_step_costs(voxnav_navigator* nav, const voxnav_route* route, const voxnav_zone* zones,
                                             size_t zone_count, double* costs_out, size_t capacity, size_t* count_out);
/** The waypoint an agent whose feet centre is at feet[3] (voxel units,
   fractional: voxel v spans v .. v + 1) occupies: out[3]. VOXNAV_ERR_ARGUMENT
   with the reason when there is none within 1.5 voxels. */
VOXNAV_C_API voxnav_status voxnav_snap(voxnav_navigator* nav, const double* feet, int32_t* out);

/* --- routes ---------------------------------------------------------------- */
VOXNAV_C_API voxnav_status voxnav_route_create(voxnav_route** out);
VOXNAV_C_API void voxnav_route_destroy(voxnav_route* route);
/** voxnav_search_status (VOXNAV_NO_PATH for an empty route). */
VOXNAV_C_API int32_t voxnav_route_status(const voxnav_route* route);
/** 1 for FOUND and PARTIAL: there are waypoints to follow. */
VOXNAV_C_API int32_t voxnav_route_usable(const voxnav_route* route);
VOXNAV_C_API double voxnav_route_cost(const voxnav_route* route);
VOXNAV_C_API size_t voxnav_route_size(const voxnav_route* route);
/** The waypoints, start first: an array of voxnav_route_size elements, valid
   until the route is filled again or destroyed (NULL when empty). */
VOXNAV_C_API const voxnav_waypoint* voxnav_route_waypoints(const voxnav_route* route);
VOXNAV_C_API voxnav_metrics voxnav_route_metrics(const voxnav_route* route);
/** Why the route is not FOUND, or what snapping did ("" when nothing to say). */
VOXNAV_C_API const char* voxnav_route_error(const voxnav_route* route);
/** The voxels the route opens, digs and places, in route order, as x, y, z
   triples (*count_out of them; NULL when none); valid until the route is
   reused. Each waypoint's share: voxnav_waypoint_voxels. */
VOXNAV_C_API const int32_t* voxnav_route_opened(const voxnav_route* route, size_t* count_out);
VOXNAV_C_API const int32_t* voxnav_route_dug(const voxnav_route* route, size_t* count_out);
VOXNAV_C_API const int32_t* voxnav_route_placed(const voxnav_route* route, size_t* count_out);
/** The voxels waypoint `index`'s move opens (act VOXNAV_ACT_OPEN), digs
   (VOXNAV_ACT_DIG) or places (VOXNAV_ACT_PLACE) before the body moves, as
   x, y, z triples (*count_out of them; NULL when none, when index is past
   the route's end or act is none of those). Valid until the route is reused. */
VOXNAV_C_API const int32_t* voxnav_waypoint_voxels(const voxnav_route* route, size_t index, int32_t act, size_t* count_out);
/** The route JSON (docs/formats.md; the spec's movement-model.md), owned by the route. */
VOXNAV_C_API const char* voxnav_route_json(voxnav_route* route);

/* --- flow fields (docs/crowds-and-chases.md) ------------------------------ */
/** A flow field: the exact cost to one goal from every waypoint around it and
   the next move of a cheapest route from each. Compute one per goal, then
   read it for every NPC going there (reads: any thread, once computed). */
VOXNAV_C_API voxnav_status voxnav_flow_field_create(voxnav_flow_field** out);
VOXNAV_C_API void voxnav_flow_field_destroy(voxnav_flow_field* field);
/** One search backwards from the query's goals (not threats: a flee query is
   VOXNAV_ERR_ARGUMENT), with its zones and floor costs, bounded by its
   max_cost and max_nodes; weight, snap_start and accelerate do not apply.
   VOXNAV_OK when it ran (see voxnav_flow_field_status: FOUND, PARTIAL when
   max_nodes stopped it, INVALID_GOAL when no waypoint satisfies the goal). */
VOXNAV_C_API voxnav_status voxnav_compute_flow_field(voxnav_navigator* nav, const voxnav_query* query, voxnav_flow_field* out);
/** voxnav_search_status of the last computation. */
VOXNAV_C_API int32_t voxnav_flow_field_status(const voxnav_flow_field* field);
/** Waypoints with a cost. */
VOXNAV_C_API size_t voxnav_flow_field_reachable(const voxnav_flow_field* field);
/** The cost from feet voxel (x, y, z) to the goal [seconds]; HUGE_VAL when it is not in the field. */
VOXNAV_C_API double voxnav_flow_field_cost(const voxnav_flow_field* field, int32_t x, int32_t y, int32_t z);
/** The next move from feet voxel `feet` (int32[3]): 1 with next_out[3] and
   *action_out (voxnav_action), or 0 at the goal or outside the field. */
VOXNAV_C_API int32_t voxnav_flow_field_next(const voxnav_flow_field* field, const int32_t* feet, int32_t* next_out, int32_t* action_out);
/** Why the field has no costs ("" when it has). */
VOXNAV_C_API const char* voxnav_flow_field_error(const voxnav_flow_field* field);

/* --- game units (voxnav/world/transform.hpp) ------------------------------
   A game whose positions are not voxel coordinates (voxels half a metre
   wide, voxel (0, 0, 0) away from the origin) gives the world its transform
   once; these calls convert through it. A voxel v spans game positions
   origin + v * voxel_size .. origin + (v + 1) * voxel_size. Game thread;
   workers see a new transform after the next voxnav_world_sync. */
/** voxel_size: edge of a voxel in game units (finite, > 0); origin[3]: the
   game position of voxel (0, 0, 0)'s minimum corner (finite; NULL: 0, 0, 0). */
VOXNAV_C_API voxnav_status voxnav_world_set_transform(voxnav_world* world, double voxel_size, const double* origin);
/** *voxel_size_out and origin_out[3] (either may be NULL). */
VOXNAV_C_API voxnav_status voxnav_world_get_transform(const voxnav_world* world, double* voxel_size_out, double* origin_out);
/** The waypoint an NPC whose feet centre is at game position game[3]
   occupies: out[3] (voxnav_snap through the transform). VOXNAV_ERR_ARGUMENT
   with the reason when there is none within 1.5 voxels. */
VOXNAV_C_API voxnav_status voxnav_snap_game(voxnav_navigator* nav, const double* game, int32_t* out);
/** The game position of the feet centre of this navigator's agent standing
   at feet voxel feet[3]: game_out[3], on the voxel's floor (a route's
   waypoints say where a slab or stair puts the feet: feet_y). */
VOXNAV_C_API voxnav_status voxnav_to_game(voxnav_navigator* nav, const int32_t* feet, double* game_out);
/** Every waypoint's feet centre in game units, x, y, z per waypoint, into
   points_out (capacity: room for that many waypoints, 3 doubles each).
   *count_out (may be NULL) gets the route's size; when capacity is smaller:
   VOXNAV_ERR_ARGUMENT, nothing written. */
VOXNAV_C_API voxnav_status voxnav_route_to_game(voxnav_navigator* nav, const voxnav_route* route, double* points_out,
                                                size_t capacity, size_t* count_out);
/** voxnav_find_route from an NPC's position in game units (its feet centre),
   snapped first (voxnav_snap_game); voxnav_route_error says what snapping
   did, or why it failed (then the route is INVALID_START). */
VOXNAV_C_API voxnav_status voxnav_find_route_from_game(voxnav_navigator* nav, const double* from_game, const voxnav_query* query,
                                                       voxnav_route* route);

/* --- smoothing ------------------------------------------------------------ */
/** A route that is easier to follow, into `out` (which may be `route`
   itself): runs of walk waypoints at one level merged into straight
   segments where every position the body sweeps is a dry waypoint at that
   level and the segment costs no more than the steps it replaces. Jump,
   fall, swim, climb and fly waypoints keep their place and action. Pass the
   query's zones (NULL when zone_count is 0) so segments never cut through
   them. On the navigator's facts of its last query; same thread. */
VOXNAV_C_API voxnav_status voxnav_smooth_route(voxnav_navigator* nav, const voxnav_route* route, const voxnav_zone* zones,
                                               size_t zone_count, voxnav_route* out);
/** 1 when a body may walk straight from feet voxel a[3] to b[3] (same y):
   smoothing's rule, on the facts of the navigator's last query; else 0. */
VOXNAV_C_API int32_t voxnav_straight_walk_clear(voxnav_navigator* nav, const int32_t* a, const int32_t* b);

/** --- reachable area --------------------------------------------------------
   Every waypoint an agent can reach from a start, cheapest first: how far a
   guard patrols in 10 s, whether a pen is closed, where a mob may wander. */
typedef struct voxnav_reach voxnav_reach;
/** A waypoint of a reachable area. */
typedef struct voxnav_reached {
    int32_t x, y, z;     /**< feet voxel */
    int32_t action;      /**< voxnav_action: the last move of a cheapest route to it (START for the start) */
    double cost;         /**< of a cheapest route from the start [seconds] */
} voxnav_reached;
VOXNAV_C_API voxnav_status voxnav_reach_create(voxnav_reach** out);
VOXNAV_C_API void voxnav_reach_destroy(voxnav_reach* reach);
/** Floods from feet voxel from[3] with the query's zones and floor costs,
   bounded by its max_cost (dearer waypoints are left out) and max_nodes
   (then PARTIAL: the max_nodes cheapest); its goals, threats, weight and
   acceleration do not apply. VOXNAV_OK when the flood ran, whatever it
   found (voxnav_reach_status: FOUND, PARTIAL, INVALID_START). */
VOXNAV_C_API voxnav_status voxnav_reachable(voxnav_navigator* nav, const int32_t* from, const voxnav_query* query,
                                            voxnav_reach* out);
/** voxnav_search_status of the last flood. */
VOXNAV_C_API int32_t voxnav_reach_status(const voxnav_reach* reach);
/** Waypoints reached (the start included). */
VOXNAV_C_API size_t voxnav_reach_count(const voxnav_reach* reach);
/** The waypoints, cheapest first: voxnav_reach_count elements, valid until
   the next flood into this handle or its destruction (NULL when none). */
VOXNAV_C_API const voxnav_reached* voxnav_reach_waypoints(const voxnav_reach* reach);
VOXNAV_C_API voxnav_metrics voxnav_reach_metrics(const voxnav_reach* reach);
/** Why the flood found nothing ("" otherwise). */
VOXNAV_C_API const char* voxnav_reach_error(const voxnav_reach* reach);

/** --- the route service: routes on worker threads (voxnav/route/route_service.hpp)
   Many NPCs ask for routes; worker threads of the service answer them in
   the background; the game collects the finished ones once per tick. Every
   call is for the game thread (the one editing the world), except
   voxnav_service_pending (any thread). Workers never read the world: each
   submit publishes the world's edits to the agent's facts and the route is
   computed on those of the tick it was submitted in or a later one
   (voxnav_metrics.revision says which). */
typedef struct voxnav_service voxnav_service;
/** A route that finished: the route handle is the caller's (destroy it with
   voxnav_route_destroy). */
typedef struct voxnav_finished {
    uint64_t ticket;         /**< from voxnav_service_submit or _submit_crowd */
    uint64_t npc;            /**< the game's id for the NPC, as submitted */
    int32_t cancelled;       /**< 1: cancelled before it ran (the route is CANCELLED) */
    int32_t via_field;       /**< 1: a crowd's route read from its flow field */
    voxnav_route* route;
} voxnav_finished;
/** `threads` workers (0: one per core this process may use; at most 256),
   started now. The world stays alive while the service does. */
VOXNAV_C_API voxnav_status voxnav_service_create(voxnav_world* world, int32_t threads, voxnav_service** out);
/** Waits for the requests in flight, then frees every route not collected. */
VOXNAV_C_API void voxnav_service_destroy(voxnav_service* service);
/** Worker threads (0 for NULL). */
VOXNAV_C_API int32_t voxnav_service_threads(const voxnav_service* service);
/** Registers a kind of NPC (profile JSON as in worlds/agents); *agent_out
   names it in submits. VOXNAV_ERR_PROFILE naming the key. */
VOXNAV_C_API voxnav_status voxnav_service_add_agent(voxnav_service* service, const char* profile_json, uint32_t* agent_out);
/** Queues a route for NPC `npc` from feet voxel from[3] to the query's goal
   (or away from its threats) with its options; snap_start does not apply
   (give a waypoint: voxnav_snap). An unknown agent, a bad query:
   VOXNAV_ERR_ARGUMENT, nothing queued. */
VOXNAV_C_API voxnav_status voxnav_service_submit(voxnav_service* service, uint32_t agent, uint64_t npc, const int32_t* from,
                                                 const voxnav_query* query, uint64_t* ticket_out);
/** Queues `count` NPCs of one kind to one goal (a horde to the player): npcs[i]
   starts at from[3 i .. 3 i + 2]. One worker answers them all, through one
   flow field when that costs less; each route costs what a submit would
   give, and comes back as its own voxnav_finished with this ticket. */
VOXNAV_C_API voxnav_status voxnav_service_submit_crowd(voxnav_service* service, uint32_t agent, const uint64_t* npcs,
                                                       const int32_t* from, size_t count, const voxnav_query* query,
                                                       uint64_t* ticket_out);
/** Routes finished since the last call, in the order they finished: at most
   `capacity` into out[], *count_out of them; the rest wait for the next
   call. Never blocks. */
VOXNAV_C_API voxnav_status voxnav_service_collect(voxnav_service* service, voxnav_finished* out, size_t capacity, size_t* count_out);
/** Drops a request that has not started: 1; 0 once it runs or ran. A
   cancelled request still comes back from collect, marked cancelled. */
VOXNAV_C_API int32_t voxnav_service_cancel(voxnav_service* service, uint64_t ticket);
/** Requests submitted and not yet collected (any thread). */
VOXNAV_C_API size_t voxnav_service_pending(const voxnav_service* service);
/** Blocks until every submitted request has finished (shutdown, tests). */
VOXNAV_C_API voxnav_status voxnav_service_wait(voxnav_service* service);

/** --- chases: a crowd after one moving target (voxnav/route/chase.hpp) ------
   Every tick, after the tick's edits, give the target and each chaser's
   feet; each chaser's route is brought up to date at the cost of what
   changed, and costs exactly what a fresh voxnav_find_route would. Game
   thread (a chase syncs the world's edits itself). */
typedef struct voxnav_chase voxnav_chase;
typedef enum voxnav_chase_method {
    VOXNAV_CHASE_AUTO = 0,    /**< Routes, helped by a field when many re-plan at once */
    VOXNAV_CHASE_ROUTES = 1,  /**< each chaser keeps its route, re-planned only when it may not be the cheapest */
    VOXNAV_CHASE_FIELD = 2    /**< one flow field from the target covering every chaser */
} voxnav_chase_method;
/** What one update did. */
typedef struct voxnav_chase_stats {
    int32_t method;          /**< voxnav_chase_method the update took (ROUTES or FIELD) */
    int32_t field_computed;  /**< 1: a new flow field was computed */
    size_t replanned;        /**< chasers given a new route */
    size_t certified;        /**< chasers whose route was proved still cheapest after the target moved */
    double microseconds;     /**< the update's time, searches included */
    uint64_t revision;       /**< the world revision the routes are exact on */
} voxnav_chase_stats;
VOXNAV_C_API voxnav_status voxnav_chase_create(voxnav_world* world, const char* profile_json, int32_t method, voxnav_chase** out);
VOXNAV_C_API void voxnav_chase_destroy(voxnav_chase* chase);
/** One tick: the query's goals are where the target is (the waypoint it
   stands on: voxnav_goal_at of its snapped feet), its options apply (pass
   equal options every tick); chaser i stands at feet voxel
   chasers[3 i .. 3 i + 2], count of them (index i is whoever is i this
   tick). `out` may be NULL. A flee query: VOXNAV_ERR_ARGUMENT. */
VOXNAV_C_API voxnav_status voxnav_chase_update(voxnav_chase* chase, const voxnav_query* query, const int32_t* chasers,
                                               size_t count, voxnav_chase_stats* out);
/** Chaser i's first move: 1 with next_out[3] and *action_out (voxnav_action),
   0 at the target, without a route or past the last chaser. */
VOXNAV_C_API int32_t voxnav_chase_next(const voxnav_chase* chase, size_t i, int32_t* next_out, int32_t* action_out);
/** The cost of chaser i's route [seconds]; HUGE_VAL without one. */
VOXNAV_C_API double voxnav_chase_cost(const voxnav_chase* chase, size_t i);
/** Chaser i's whole route, into `out` (NO_PATH, with the reason, past the last chaser). */
VOXNAV_C_API voxnav_status voxnav_chase_route(const voxnav_chase* chase, size_t i, voxnav_route* out);

/** --- Moving an NPC along its route (voxnav/route/follower.hpp) -------------
   A follower holds one NPC's route and progress. Each tick give it the
   body's state; it says where to steer, how fast, whether to jump, sprint
   or climb, and what to open, dig or place first. It queries its navigator:
   use both from one thread, and destroy the follower before the navigator. */
typedef struct voxnav_follower voxnav_follower;

typedef enum voxnav_follow_status {
    VOXNAV_FOLLOW_MOVING = 0,      /**< following the route */
    VOXNAV_FOLLOW_ARRIVED = 1,     /**< at the goal */
    VOXNAV_FOLLOW_REPLANNING = 2,  /**< a new route was planned this tick */
    VOXNAV_FOLLOW_STUCK = 3,       /**< no progress after a retry and a re-plan: backing off */
    VOXNAV_FOLLOW_NO_PATH = 4,     /**< no route from where the body is */
    VOXNAV_FOLLOW_FAILED = 5       /**< the query failed (voxnav_follower_why) */
} voxnav_follow_status;

/** The body's state, each tick [voxels; voxels per second]. */
typedef struct voxnav_body {
    double feet[3];          /**< feet centre: on the full block below voxel (x, y, z): (x + 0.5, y, z + 0.5) */
    double velocity[3];
    int32_t on_ground, in_liquid, on_climbable;  /**< 0 or 1 */
} voxnav_body;

/** What to do this tick. */
typedef struct voxnav_steering {
    int32_t status;          /**< voxnav_follow_status */
    uint32_t waypoint;       /**< index in the follower's route of the waypoint approached */
    double target[3];        /**< the feet point to steer to [voxels] */
    double heading[2];       /**< unit (dx, dz) towards it, or (0, 0) */
    double speed;            /**< [voxels per second] */
    int32_t jump, sprint;    /**< 0 or 1: jump now (in water: swim up); run (a leap ahead) */
    int32_t climb;           /**< on a ladder: 1 up, -1 down, 0 */
    int32_t has_open, open[3];    /**< open this door, gate or trapdoor first */
    int32_t has_dig, dig[3];      /**< break this voxel first */
    int32_t has_place, place[3];  /**< place a block here first */
    int32_t has_close, close[3];  /**< close this door behind (once, when the body has left its doorway) */
    int32_t replans;         /**< routes planned since the goal was set */
    /** 1: a two-block door: open[] is its lower half and the voxel above is
       its upper half, both shut. One door, asked once: ONE use opens it
       (Minecraft's "use" on either half, Luanti's doors.door_toggle on the
       lower node); a use per half would shut it again. */
    int32_t open_both_halves;
} voxnav_steering;

/** A follower on `nav` going to the query's goals, every route planned with
   the query's options (weight, max_nodes, zones, floor costs). */
VOXNAV_C_API voxnav_status voxnav_follower_create(voxnav_navigator* nav, const voxnav_query* query, voxnav_follower** out);
VOXNAV_C_API void voxnav_follower_destroy(voxnav_follower* follower);
/** One tick: `now` is the game's clock [seconds], never going back. Sync the
   world first so the follower sees the tick's edits. VOXNAV_ERR_ARGUMENT,
   nothing changed, for a `now` that is NaN, infinite or before the last
   successful update's (voxnav_last_error names both times), and for feet
   that are not finite coordinates within int32 or a velocity that is not finite. */
VOXNAV_C_API voxnav_status voxnav_follower_update(voxnav_follower* follower, const voxnav_body* body, double now, voxnav_steering* out);
/** A new goal: any of `goals` (count >= 1). Call it every tick for a moving
   goal (another entity): the same goals change nothing; new ones, while a
   route is followed, are planned to at most once a second (or when the
   route ends). VOXNAV_ERR_ARGUMENT for none. */
VOXNAV_C_API voxnav_status voxnav_follower_set_goal(voxnav_follower* follower, const voxnav_goal* goals, size_t count);

/** One search budget per tick shared by followers (voxnav/route/planning_budget.hpp):
   at most `expansions_per_tick` expansions for all their plans together in
   one tick (the update calls with one `now`), each plan given at least
   `least_per_plan` (0: 256) or made to wait for the next tick, first come,
   first served. Use it from the followers' thread; destroy it after them. */
typedef struct voxnav_planning_budget voxnav_planning_budget;
VOXNAV_C_API voxnav_status voxnav_planning_budget_create(uint32_t expansions_per_tick, uint32_t least_per_plan, voxnav_planning_budget** out);
/** The same budget in time: at most `microseconds_per_tick` of planning for
   all the followers together in one tick, each plan given at least
   `least_us_per_plan` (0: 50) or made to wait. A grant is converted to
   expansions by a running estimate of each navigator's time per expansion,
   learned from its plans (an expansion is no unit of time: a jump-point
   expansion scans runs). VOXNAV_ERR_ARGUMENT for 0 microseconds_per_tick. */
VOXNAV_C_API voxnav_status voxnav_planning_budget_create_us(uint32_t microseconds_per_tick, uint32_t least_us_per_plan, voxnav_planning_budget** out);
VOXNAV_C_API void voxnav_planning_budget_destroy(voxnav_planning_budget* budget);
/** Plans left to wait in the current tick. */
VOXNAV_C_API uint32_t voxnav_planning_budget_turned_away(const voxnav_planning_budget* budget);
/** Plans of this follower share `budget` from now on (NULL: no budget). */
VOXNAV_C_API voxnav_status voxnav_follower_set_budget(voxnav_follower* follower, voxnav_planning_budget* budget);

/** The last update's sentence for NO_PATH, STUCK and FAILED ("" otherwise); valid until the next update. */
VOXNAV_C_API const char* voxnav_follower_why(const voxnav_follower* follower);
/** "moving", "arrived", "replanning", "stuck", "no_path", "failed". */
VOXNAV_C_API const char* voxnav_follow_status_name(int32_t status);

/* END FFI */

#ifdef __cplusplus
}
#endif

#endif /**< VOXNAV_VOXNAV_H */
