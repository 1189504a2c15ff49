/* SPDX-License-Identifier: MIT */
/* voxnav for Node.js: the native half of the npm package `voxnav`
   (bindings/node/index.js is the other half). N-API over voxnav's C API
   (include/voxnav/voxnav.h): every handle is a JS object owning one C
   handle, freed by its finalizer; every failing call throws a JS Error
   carrying voxnav_last_error() and a `code` ("ERR_ARGUMENT", ...). Plain
   data crosses as numbers, arrays and objects; the JS side shapes them.

   Threads: N-API calls happen on the JS thread; voxnav's rules for the game
   thread hold for it (one world and its navigators per JS thread). */
#define NAPI_VERSION 8
#include <node_api.h>

#include "voxnav/voxnav.h"

#include <float.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* --- errors and arguments ------------------------------------------------ */

static const char* status_code(voxnav_status s) {
    switch (s) {
        case VOXNAV_ERR_ARGUMENT: return "ERR_ARGUMENT";
        case VOXNAV_ERR_PROFILE: return "ERR_PROFILE";
        case VOXNAV_ERR_BLOCK: return "ERR_BLOCK";
        case VOXNAV_ERR_STATE: return "ERR_STATE";
        case VOXNAV_ERR_OUT_OF_MEMORY: return "ERR_OUT_OF_MEMORY";
        default: return "ERR_INTERNAL";
    }
}

/* Throws for a failed voxnav call; returns 1 when it failed. */
static int failed(napi_env env, voxnav_status s) {
    if (s == VOXNAV_OK) return 0;
    napi_throw_error(env, status_code(s), voxnav_last_error());
    return 1;
}

#define CHECK_NAPI(call)                                                        \
    do {                                                                        \
        if ((call) != napi_ok) {                                                \
            const napi_extended_error_info* info_ = NULL;                       \
            napi_get_last_error_info(env, &info_);                              \
            bool pending_ = false;                                              \
            napi_is_exception_pending(env, &pending_);                          \
            if (!pending_)                                                      \
                napi_throw_error(env, "ERR_NAPI",                               \
                                 info_ && info_->error_message ? info_->error_message : "N-API call failed"); \
            return NULL;                                                        \
        }                                                                       \
    } while (0)

#define ARGS(n)                                                                 \
    size_t argc = (n);                                                          \
    napi_value argv[(n) > 0 ? (n) : 1];                                         \
    napi_value self;                                                            \
    CHECK_NAPI(napi_get_cb_info(env, info, &argc, argv, &self, NULL))

static napi_value throw_type(napi_env env, const char* what) {
    napi_throw_type_error(env, "ERR_ARGUMENT", what);
    return NULL;
}

/* --- numbers: each checked before C converts it -----------------------------
   Every JS number the addon reads goes through read_number: NaN, an
   infinity (unless the range is unbounded that way) and a value outside its
   range throw a RangeError (code ERR_ARGUMENT) naming the argument before
   anything is converted (a double outside int32 cast to int32_t is
   undefined behaviour in C). One rule per kind:
     NUMBER_COORDINATE  a block coordinate: finite, within int32 once rounded
                        down ([-2^31, 2^31)); a fraction is the block that
                        holds it (floor), as Minecraft rounds a position;
     NUMBER_POSITION    a point (voxel or game units): the same range, kept
                        fractional;
     NUMBER_WHOLE       counts, ids, enums: a whole number in [lo, hi];
     NUMBER_REAL        any other number in [lo, hi]; infinite only where
                        that bound is. */
typedef enum number_kind { NUMBER_COORDINATE, NUMBER_POSITION, NUMBER_WHOLE, NUMBER_REAL } number_kind;

#define INT32_LIMIT 2147483648.0 /* 2^31 */

/* A number as JavaScript writes it: NaN, Infinity, -Infinity, 2147483648, 0.5. */
static void number_text(double d, char* buf, size_t size) {
    if (isnan(d)) snprintf(buf, size, "NaN");
    else if (isinf(d)) snprintf(buf, size, d > 0 ? "Infinity" : "-Infinity");
    else {
        snprintf(buf, size, "%.15g", d);
        if (strtod(buf, NULL) != d) snprintf(buf, size, "%.17g", d);
    }
}

/* What a kind's range asks for, for messages. */
static void number_rule(number_kind kind, double lo, double hi, char* buf, size_t size) {
    char a[40], b[40];
    number_text(lo, a, sizeof a), number_text(hi, b, sizeof b);
    switch (kind) {
        case NUMBER_COORDINATE: snprintf(buf, size, "a block coordinate must be a finite number within int32"); break;
        case NUMBER_POSITION: snprintf(buf, size, "a position must be a finite number within int32"); break;
        case NUMBER_WHOLE: snprintf(buf, size, "it must be a whole number from %s to %s", a, b); break;
        default:
            if (lo == -DBL_MAX && hi == DBL_MAX) snprintf(buf, size, "it must be a finite number");
            else if (hi == DBL_MAX) snprintf(buf, size, "it must be a finite number >= %s", a);
            else if (hi == INFINITY) snprintf(buf, size, "it must be a number >= %s (or Infinity)", a);
            else snprintf(buf, size, "it must be a number from %s to %s", a, b);
    }
}

/* The JS value v as a checked number into *out (a coordinate rounded down);
   `what` (printf format) names it. 1, or 0 after throwing: TypeError
   "<what> is missing" (undefined) or "<what> must be a number, not a
   string"; RangeError "<what> is NaN; <rule>". */
static int read_number(napi_env env, napi_value v, number_kind kind, double lo, double hi, double* out, const char* what, ...) {
    char name[160], value[40], rule[120], message[400];
    va_list args;
    va_start(args, what);
    vsnprintf(name, sizeof name, what, args);
    va_end(args);
    napi_valuetype t;
    if (napi_typeof(env, v, &t) != napi_ok) t = napi_undefined;
    if (t != napi_number) {
        static const char* types[] = {"undefined", "null", "boolean", "number", "string", "symbol", "object", "function", "external", "bigint"};
        if (t == napi_undefined) snprintf(message, sizeof message, "%s is missing", name);
        else snprintf(message, sizeof message, "%s must be a number, not a %s", name, (unsigned)t < 10 ? types[t] : "value");
        napi_throw_type_error(env, "ERR_ARGUMENT", message);
        return 0;
    }
    double d = NAN;
    napi_get_value_double(env, v, &d);
    if (kind == NUMBER_COORDINATE || kind == NUMBER_POSITION) lo = -INT32_LIMIT, hi = INT32_LIMIT;
    const int bad = isnan(d) || d < lo || d > hi || ((kind == NUMBER_COORDINATE || kind == NUMBER_POSITION) && d == hi) ||
                    (kind == NUMBER_WHOLE && d != floor(d));
    if (bad) {
        number_text(d, value, sizeof value);
        number_rule(kind, lo, hi, rule, sizeof rule);
        snprintf(message, sizeof message, "%s is %s; %s", name, value, rule);
        napi_throw_range_error(env, "ERR_ARGUMENT", message);
        return 0;
    }
    *out = kind == NUMBER_COORDINATE ? floor(d) : d;
    return 1;
}

/* A block coordinate as an int32 (read_number NUMBER_COORDINATE); 0 after throwing. */
static int read_coordinate(napi_env env, napi_value v, int32_t* out, const char* what, const char* index) {
    double d;
    if (!read_number(env, v, NUMBER_COORDINATE, 0, 0, &d, "%s%s", what, index)) return 0;
    *out = (int32_t)d;
    return 1;
}

/* Three numbers of `kind` from a JS array [x, y, z] named `what` (its
   elements "<what>[i]"), into out, and as int32 into ints when given
   (coordinates); 0 after throwing. */
static int read_triple(napi_env env, napi_value v, number_kind kind, double lo, double hi, double out[3], int32_t* ints, const char* what) {
    bool is_array = false;
    uint32_t n = 0;
    if (napi_is_array(env, v, &is_array) != napi_ok || !is_array || napi_get_array_length(env, v, &n) != napi_ok || n != 3) {
        char message[200];
        snprintf(message, sizeof message, "%s must be an array [x, y, z] of %s", what,
                 kind == NUMBER_COORDINATE ? "block coordinates" : "numbers");
        napi_throw_type_error(env, "ERR_ARGUMENT", message);
        return 0;
    }
    for (uint32_t i = 0; i < 3; ++i) {
        napi_value e;
        if (napi_get_element(env, v, i, &e) != napi_ok) return 0;
        if (!read_number(env, e, kind, lo, hi, &out[i], "%s[%u]", what, i)) return 0;
        if (ints) ints[i] = (int32_t)out[i];
    }
    return 1;
}

/* A feet voxel [x, y, z] of block coordinates (fractions rounded down). */
static int get_voxel(napi_env env, napi_value v, int32_t out[3], const char* what) {
    double d[3];
    return read_triple(env, v, NUMBER_COORDINATE, 0, 0, d, out, what);
}

/* A point [x, y, z]: positions within int32, kept fractional. */
static int get_point(napi_env env, napi_value v, double out[3], const char* what) {
    return read_triple(env, v, NUMBER_POSITION, 0, 0, out, NULL, what);
}

/* A finite number (any sign). */
static int get_finite(napi_env env, napi_value v, double* out, const char* what) {
    return read_number(env, v, NUMBER_REAL, -DBL_MAX, DBL_MAX, out, "%s", what);
}

/* An integer in [lo, hi] (ids, enums, indices). */
static int get_whole(napi_env env, napi_value v, double lo, double hi, int32_t* out, const char* what) {
    double d;
    if (!read_number(env, v, NUMBER_WHOLE, lo, hi, &d, "%s", what)) return 0;
    *out = (int32_t)d;
    return 1;
}

/* A JS string, malloc'd (free it); NULL after throwing. */
static char* get_string(napi_env env, napi_value v, const char* what) {
    size_t len = 0;
    napi_valuetype t;
    if (napi_typeof(env, v, &t) != napi_ok || t != napi_string) {
        throw_type(env, what);
        return NULL;
    }
    if (napi_get_value_string_utf8(env, v, NULL, 0, &len) != napi_ok) return NULL;
    char* s = malloc(len + 1);
    if (!s) {
        napi_throw_error(env, "ERR_OUT_OF_MEMORY", "out of memory");
        return NULL;
    }
    napi_get_value_string_utf8(env, v, s, len + 1, &len);
    return s;
}

static napi_value make_double(napi_env env, double d) {
    napi_value v;
    napi_create_double(env, d, &v);
    return v;
}

static napi_value make_int(napi_env env, int32_t i) {
    napi_value v;
    napi_create_int32(env, i, &v);
    return v;
}

static napi_value make_bool(napi_env env, int b) {
    napi_value v;
    napi_get_boolean(env, b != 0, &v);
    return v;
}

static napi_value make_string(napi_env env, const char* s) {
    napi_value v;
    napi_create_string_utf8(env, s ? s : "", NAPI_AUTO_LENGTH, &v);
    return v;
}

static napi_value make_voxel(napi_env env, const int32_t v[3]) {
    napi_value a;
    napi_create_array_with_length(env, 3, &a);
    for (uint32_t i = 0; i < 3; ++i) napi_set_element(env, a, i, make_int(env, v[i]));
    return a;
}

static napi_value make_point(napi_env env, const double p[3]) {
    napi_value a;
    napi_create_array_with_length(env, 3, &a);
    for (uint32_t i = 0; i < 3; ++i) napi_set_element(env, a, i, make_double(env, p[i]));
    return a;
}

static void set(napi_env env, napi_value obj, const char* key, napi_value v) { napi_set_named_property(env, obj, key, v); }

static napi_value undefined(napi_env env) {
    napi_value u;
    napi_get_undefined(env, &u);
    return u;
}

static napi_value null_value(napi_env env) {
    napi_value n;
    napi_get_null(env, &n);
    return n;
}

/* {x, y, z, action}: a feet voxel and the motion that reaches it. */
static napi_value step_object(napi_env env, int32_t x, int32_t y, int32_t z, int32_t action) {
    napi_value o;
    napi_create_object(env, &o);
    set(env, o, "x", make_int(env, x));
    set(env, o, "y", make_int(env, y));
    set(env, o, "z", make_int(env, z));
    set(env, o, "action", make_string(env, voxnav_action_name(action)));
    return o;
}

/* --- handles: a JS object wrapping one C handle ----------------------------- */

typedef void (*destroy_fn)(void*);

typedef struct handle {
    void* ptr;
    destroy_fn destroy;
    napi_ref keep;  /* a JS object this one needs alive (a navigator's world), or NULL */
} handle;

static void finalize_handle(napi_env env, void* data, void* hint) {
    (void)hint;
    handle* h = data;
    if (h->ptr && h->destroy) h->destroy(h->ptr);
    if (h->keep) napi_delete_reference(env, h->keep);
    free(h);
}

/* Wraps `ptr` into `obj`; `keep` (may be NULL) stays alive as long as obj. */
static int wrap(napi_env env, napi_value obj, void* ptr, destroy_fn destroy, napi_value keep) {
    handle* h = calloc(1, sizeof *h);
    if (!h) {
        destroy(ptr);
        napi_throw_error(env, "ERR_OUT_OF_MEMORY", "out of memory");
        return 0;
    }
    h->ptr = ptr;
    h->destroy = destroy;
    if (keep) napi_create_reference(env, keep, 1, &h->keep);
    if (napi_wrap(env, obj, h, finalize_handle, NULL, NULL) != napi_ok) {
        finalize_handle(env, h, NULL);
        napi_throw_error(env, "ERR_NAPI", "could not wrap a voxnav handle");
        return 0;
    }
    return 1;
}

/* The C handle inside a JS object made by this addon, or NULL after throwing. */
static void* unwrap(napi_env env, napi_value obj, destroy_fn kind, const char* what) {
    handle* h = NULL;
    if (napi_unwrap(env, obj, (void**)&h) != napi_ok || !h || h->destroy != kind || !h->ptr) {
        napi_throw_type_error(env, "ERR_ARGUMENT", what);
        return NULL;
    }
    return h->ptr;
}

static void destroy_world(void* p) { voxnav_world_destroy(p); }
static void destroy_navigator(void* p) { voxnav_navigator_destroy(p); }
static void destroy_route(void* p) { voxnav_route_destroy(p); }
static void destroy_flow(void* p) { voxnav_flow_field_destroy(p); }
static void destroy_follower(void* p) { voxnav_follower_destroy(p); }
static void destroy_table(void* p) { voxnav_block_table_destroy(p); }

#define WORLD(obj) ((voxnav_world*)unwrap(env, (obj), destroy_world, "expected a voxnav World"))
#define NAVIGATOR(obj) ((voxnav_navigator*)unwrap(env, (obj), destroy_navigator, "expected a voxnav Navigator"))
#define ROUTE(obj) ((voxnav_route*)unwrap(env, (obj), destroy_route, "expected a voxnav route handle"))
#define FLOW(obj) ((voxnav_flow_field*)unwrap(env, (obj), destroy_flow, "expected a voxnav FlowField"))
#define FOLLOWER(obj) ((voxnav_follower*)unwrap(env, (obj), destroy_follower, "expected a voxnav Follower"))

/* --- worlds ------------------------------------------------------------------ */

/* worldCreate(target): wraps a new world into `target`. */
static napi_value world_create(napi_env env, napi_callback_info info) {
    ARGS(1);
    voxnav_world* w = NULL;
    if (failed(env, voxnav_world_create(&w))) return NULL;
    if (!wrap(env, argv[0], w, destroy_world, NULL)) return NULL;
    return undefined(env);
}

/* worldDefineBlock(world, name, kind, hazard, shape|null) -> id */
static napi_value world_define_block(napi_env env, napi_callback_info info) {
    ARGS(5);
    voxnav_world* w = WORLD(argv[0]);
    if (!w) return NULL;
    int32_t kind = 0, hazard = 0;
    if (!get_whole(env, argv[2], -2147483648.0, 2147483647.0, &kind, "defineBlock: kind") ||
        !get_whole(env, argv[3], 0, 1, &hazard, "defineBlock: hazard"))
        return NULL;
    voxnav_block_shape shape;
    memset(&shape, 0, sizeof shape);
    napi_valuetype t;
    napi_typeof(env, argv[4], &t);
    const int has_shape = t == napi_object;
    if (has_shape) {
        static const char* bytes[] = {"bottom", "top", "stairFaces", "climbable", "openClass", "open", "damage"};
        uint8_t* fields[] = {&shape.bottom, &shape.top, &shape.stair_faces, &shape.climbable, &shape.open_class, &shape.open, &shape.damage};
        static const char* reals[] = {"insideSpeed", "insideVspeed", "floorSpeed", "jumpFactor"};
        double* rfields[] = {&shape.inside_speed, &shape.inside_vspeed, &shape.floor_speed, &shape.jump_factor};
        shape.top = 16;
        for (int i = 0; i < 7; ++i) {
            bool has = false;
            napi_has_named_property(env, argv[4], bytes[i], &has);
            if (!has) continue;
            napi_value v;
            napi_get_named_property(env, argv[4], bytes[i], &v);
            int32_t x = 0;
            bool b = false;
            napi_valuetype vt;
            napi_typeof(env, v, &vt);
            if (vt == napi_boolean && napi_get_value_bool(env, v, &b) == napi_ok) x = b ? 1 : 0;
            else {
                char what[64];
                snprintf(what, sizeof what, "defineBlock: shape.%s", bytes[i]);
                if (!get_whole(env, v, 0, 255, &x, what)) return NULL;
            }
            *fields[i] = (uint8_t)x;
        }
        for (int i = 0; i < 4; ++i) {
            bool has = false;
            napi_has_named_property(env, argv[4], reals[i], &has);
            if (!has) continue;
            napi_value v;
            napi_get_named_property(env, argv[4], reals[i], &v);
            char what[64];
            snprintf(what, sizeof what, "defineBlock: shape.%s", reals[i]);
            if (!get_finite(env, v, rfields[i], what)) return NULL;
        }
    }
    char* name = get_string(env, argv[1], "a block name must be a string");
    if (!name) return NULL;
    uint16_t id = 0;
    const voxnav_status s = voxnav_world_define_block(w, name, kind, hazard, has_shape ? &shape : NULL, &id);
    free(name);
    if (failed(env, s)) return NULL;
    return make_int(env, id);
}

/* worldFindBlock(world, name) -> id | undefined */
static napi_value world_find_block(napi_env env, napi_callback_info info) {
    ARGS(2);
    voxnav_world* w = WORLD(argv[0]);
    if (!w) return NULL;
    char* name = get_string(env, argv[1], "a block name must be a string");
    if (!name) return NULL;
    uint16_t id = 0;
    const voxnav_status s = voxnav_world_find_block(w, name, &id);
    free(name);
    return s == VOXNAV_OK ? make_int(env, id) : undefined(env);
}

/* worldMinecraftBlock(world, state, table|null) -> [id, known] */
static napi_value world_minecraft_block(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_world* w = WORLD(argv[0]);
    if (!w) return NULL;
    const voxnav_block_table* table = NULL;
    napi_valuetype t;
    napi_typeof(env, argv[2], &t);
    if (t == napi_object) {
        table = unwrap(env, argv[2], destroy_table, "expected a voxnav BlockTable");
        if (!table) return NULL;
    }
    char* state = get_string(env, argv[1], "a block state must be a string such as \"oak_stairs[facing=east,half=bottom]\"");
    if (!state) return NULL;
    uint16_t id = 0;
    int32_t known = 0;
    const voxnav_status s = voxnav_world_minecraft_block(w, table, state, &id, &known);
    free(state);
    if (failed(env, s)) return NULL;
    napi_value out;
    napi_create_array_with_length(env, 2, &out);
    napi_set_element(env, out, 0, make_int(env, id));
    napi_set_element(env, out, 1, make_bool(env, known));
    return out;
}

/* The world in argv[0] and three block (or chunk) coordinates from
   argv[1..3], named "<call>: x" (names: "x", "y", "z" or "cx", ...); NULL
   after throwing. */
static voxnav_world* world_and_coordinates(napi_env env, napi_value* argv, int32_t out[3], const char* call, const char* const names[3]) {
    voxnav_world* w = WORLD(argv[0]);
    if (!w) return NULL;
    for (int i = 0; i < 3; ++i)
        if (!read_coordinate(env, argv[1 + i], &out[i], call, names[i])) return NULL;
    return w;
}
static const char* const block_names[3] = {"x", "y", "z"};
static const char* const chunk_names[3] = {"cx", "cy", "cz"};

/* worldSetChunk(world, cx, cy, cz, Uint16Array(4096)) */
static napi_value world_set_chunk(napi_env env, napi_callback_info info) {
    ARGS(5);
    int32_t c[3];
    voxnav_world* w = world_and_coordinates(env, argv, c, "setChunk: ", chunk_names);
    if (!w) return NULL;
    bool is_typed = false;
    napi_is_typedarray(env, argv[4], &is_typed);
    napi_typedarray_type type;
    size_t length = 0;
    void* data = NULL;
    if (!is_typed || napi_get_typedarray_info(env, argv[4], &type, &length, &data, NULL, NULL) != napi_ok || type != napi_uint16_array ||
        length != 4096)
        return throw_type(env, "a chunk is a Uint16Array of 4096 block ids, index x + 16 * (z + 16 * y)");
    if (failed(env, voxnav_world_set_chunk(w, c[0], c[1], c[2], data))) return NULL;
    return undefined(env);
}

/* worldGetChunk(world, cx, cy, cz) -> Uint16Array(4096) */
static napi_value world_get_chunk(napi_env env, napi_callback_info info) {
    ARGS(4);
    int32_t c[3];
    voxnav_world* w = world_and_coordinates(env, argv, c, "getChunk: ", chunk_names);
    if (!w) return NULL;
    void* data = NULL;
    napi_value buffer, array;
    CHECK_NAPI(napi_create_arraybuffer(env, 4096 * sizeof(uint16_t), &data, &buffer));
    if (failed(env, voxnav_world_get_chunk(w, c[0], c[1], c[2], data))) return NULL;
    CHECK_NAPI(napi_create_typedarray(env, napi_uint16_array, 4096, buffer, 0, &array));
    return array;
}

/* worldSetBlock(world, x, y, z, id) */
static napi_value world_set_block(napi_env env, napi_callback_info info) {
    ARGS(5);
    int32_t v[4];
    voxnav_world* w = world_and_coordinates(env, argv, v, "setBlock: ", block_names);
    if (!w || !get_whole(env, argv[4], 0, 65535, &v[3], "setBlock: id")) return NULL;
    if (failed(env, voxnav_world_set_block(w, v[0], v[1], v[2], (uint16_t)v[3]))) return NULL;
    return undefined(env);
}

/* worldGetBlock(world, x, y, z) -> id */
static napi_value world_get_block(napi_env env, napi_callback_info info) {
    ARGS(4);
    int32_t v[3];
    voxnav_world* w = world_and_coordinates(env, argv, v, "getBlock: ", block_names);
    if (!w) return NULL;
    uint16_t id = 0;
    if (failed(env, voxnav_world_get_block(w, v[0], v[1], v[2], &id))) return NULL;
    return make_int(env, id);
}

/* worldUnloadChunk(world, cx, cy, cz) */
static napi_value world_unload_chunk(napi_env env, napi_callback_info info) {
    ARGS(4);
    int32_t c[3];
    voxnav_world* w = world_and_coordinates(env, argv, c, "unloadChunk: ", chunk_names);
    if (!w) return NULL;
    if (failed(env, voxnav_world_unload_chunk(w, c[0], c[1], c[2]))) return NULL;
    return undefined(env);
}

/* worldIsLoaded(world, cx, cy, cz) -> bool */
static napi_value world_is_loaded(napi_env env, napi_callback_info info) {
    ARGS(4);
    int32_t c[3];
    voxnav_world* w = world_and_coordinates(env, argv, c, "isLoaded: ", chunk_names);
    if (!w) return NULL;
    return make_bool(env, voxnav_world_is_loaded(w, c[0], c[1], c[2]));
}

/* worldInfo(world) -> {revision, loadedChunks, memoryBytes, factsBytes} */
static napi_value world_info(napi_env env, napi_callback_info info) {
    ARGS(1);
    voxnav_world* w = WORLD(argv[0]);
    if (!w) return NULL;
    napi_value o;
    napi_create_object(env, &o);
    set(env, o, "revision", make_double(env, (double)voxnav_world_revision(w)));
    set(env, o, "loadedChunks", make_double(env, (double)voxnav_world_loaded_chunks(w)));
    set(env, o, "memoryBytes", make_double(env, (double)voxnav_world_memory_bytes(w)));
    set(env, o, "factsBytes", make_double(env, (double)voxnav_world_facts_bytes(w)));
    return o;
}

/* worldSync(world) */
static napi_value world_sync(napi_env env, napi_callback_info info) {
    ARGS(1);
    voxnav_world* w = WORLD(argv[0]);
    if (!w) return NULL;
    if (failed(env, voxnav_world_sync(w))) return NULL;
    return undefined(env);
}

/* worldSetTransform(world, voxelSize, [ox, oy, oz]) */
static napi_value world_set_transform(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_world* w = WORLD(argv[0]);
    if (!w) return NULL;
    double size = 0.0, origin[3];
    if (!read_number(env, argv[1], NUMBER_REAL, 0, DBL_MAX, &size, "setTransform: voxelSize") ||
        !get_point(env, argv[2], origin, "setTransform: origin"))
        return NULL;
    if (failed(env, voxnav_world_set_transform(w, size, origin))) return NULL;
    return undefined(env);
}

/* --- block tables ---------------------------------------------------------- */

/* tableLoad(target, path) */
static napi_value table_load(napi_env env, napi_callback_info info) {
    ARGS(2);
    char* path = get_string(env, argv[1], "a block table path must be a string");
    if (!path) return NULL;
    voxnav_block_table* t = NULL;
    const voxnav_status s = voxnav_block_table_load(path, &t);
    free(path);
    if (failed(env, s)) return NULL;
    if (!wrap(env, argv[0], t, destroy_table, NULL)) return NULL;
    return undefined(env);
}

/* --- navigators and queries ---------------------------------------------------- */

/* navigatorCreate(target, world, profileJson) */
static napi_value navigator_create(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_world* w = WORLD(argv[1]);
    if (!w) return NULL;
    char* json = get_string(env, argv[2], "a profile must be JSON text");
    if (!json) return NULL;
    voxnav_navigator* n = NULL;
    const voxnav_status s = voxnav_navigator_create(w, json, &n);
    free(json);
    if (failed(env, s)) return NULL;
    if (!wrap(env, argv[0], n, destroy_navigator, argv[1])) return NULL;
    return undefined(env);
}

/* A query built from JS: goals [{kind, x, y, z, px, py, pz, radius}],
   threats [{x, y, z, radius}], zones [{shape, ...}], options. The arrays it
   points into live in the struct. */
typedef struct js_query {
    voxnav_query q;
    voxnav_goal* goals;
    voxnav_threat* threats;
    voxnav_zone* zones;
    char** floor_names;
    double* floor_costs;
    size_t floor_count;
} js_query;

static void free_query(js_query* jq) {
    free(jq->goals);
    free(jq->threats);
    free(jq->zones);
    for (size_t i = 0; i < jq->floor_count; ++i) free(jq->floor_names[i]);
    free(jq->floor_names);
    free(jq->floor_costs);
    memset(jq, 0, sizeof *jq);
}

/* obj[key] as a checked number (read_number) named "<prefix>.<key>": 1 read,
   0 absent or undefined (then, when `required`, it throws "... is
   missing" and gives -1), -1 after throwing. */
static int prop_number(napi_env env, napi_value obj, const char* prefix, const char* key, number_kind kind, double lo, double hi,
                       int required, double* out) {
    bool has = false;
    napi_value v = NULL;
    napi_valuetype t = napi_undefined;
    if (napi_has_named_property(env, obj, key, &has) == napi_ok && has && napi_get_named_property(env, obj, key, &v) == napi_ok)
        napi_typeof(env, v, &t);
    if (t == napi_undefined && !required) return 0;
    if (t == napi_undefined) napi_get_undefined(env, &v);
    return read_number(env, v, kind, lo, hi, out, "%s.%s", prefix, key) ? 1 : -1;
}

static int prop_array(napi_env env, napi_value obj, const char* key, napi_value* out, uint32_t* n) {
    bool has = false;
    napi_has_named_property(env, obj, key, &has);
    if (!has) return 0;
    napi_get_named_property(env, obj, key, out);
    bool is_array = false;
    napi_is_array(env, *out, &is_array);
    if (!is_array) return -1;
    napi_get_array_length(env, *out, n);
    return 1;
}

/* One element of query.goals, .threats or .zones, named `where`
   ("query.goals[0]"); 0 after throwing. */
typedef int (*element_reader)(napi_env env, napi_value element, const char* where, void* out);

/* Three required coordinates (rounded down) or positions, keys[0..2] of obj, into d[3]; 0 after throwing. */
static int prop_xyz(napi_env env, napi_value obj, const char* where, const char* const keys[3], number_kind kind, double d[3]) {
    for (int a = 0; a < 3; ++a)
        if (prop_number(env, obj, where, keys[a], kind, 0, 0, 1, &d[a]) != 1) return 0;
    return 1;
}
static const char* const xyz_keys[3] = {"x", "y", "z"};

/* A radius: a finite number >= 0, required. */
static int prop_radius(napi_env env, napi_value obj, const char* where, double* out) {
    return prop_number(env, obj, where, "radius", NUMBER_REAL, 0, DBL_MAX, 1, out) == 1;
}

/* {kind, x, y, z, radius}: kind at and touch need x, y, z (block
   coordinates); column x, z; level y; near a point x, y, z and a radius;
   nearXZ a point x, z and a radius.
   What a kind does not use may be absent. */
static int read_goal(napi_env env, napi_value g, const char* where, void* o) {
    voxnav_goal* out = o;
    double kind = 0, d[3] = {0, 0, 0};
    if (prop_number(env, g, where, "kind", NUMBER_WHOLE, -2147483648.0, 2147483647.0, 1, &kind) != 1) return 0;
    out->kind = (int32_t)kind;
    if (out->kind < VOXNAV_GOAL_AT || out->kind > VOXNAV_GOAL_NEAR_XZ) return 1; /* voxnav_find_route names the kind */
    if (out->kind == VOXNAV_GOAL_NEAR_XZ) {
        static const char* const xz_keys[2] = {"x", "z"};
        for (int a = 0; a < 2; ++a)
            if (prop_number(env, g, where, xz_keys[a], NUMBER_POSITION, 0, 0, 1, &d[a]) != 1) return 0;
        if (!prop_radius(env, g, where, &out->radius)) return 0;
        out->px = d[0], out->pz = d[1];
        return 1;
    }
    if (out->kind == VOXNAV_GOAL_NEAR) {
        if (!prop_xyz(env, g, where, xyz_keys, NUMBER_POSITION, d) || !prop_radius(env, g, where, &out->radius)) return 0;
        out->px = d[0], out->py = d[1], out->pz = d[2];
        return 1;
    }
    const int needs[3] = {out->kind != VOXNAV_GOAL_LEVEL, out->kind != VOXNAV_GOAL_COLUMN, out->kind != VOXNAV_GOAL_LEVEL};
    for (int a = 0; a < 3; ++a)
        if (prop_number(env, g, where, xyz_keys[a], NUMBER_COORDINATE, 0, 0, needs[a], &d[a]) < 0) return 0;
    out->x = (int32_t)d[0], out->y = (int32_t)d[1], out->z = (int32_t)d[2];
    return 1;
}

/* {x, y, z, radius}: a point and the radius beyond which it is safe. */
static int read_threat(napi_env env, napi_value t, const char* where, void* o) {
    voxnav_threat* out = o;
    double d[3];
    if (!prop_xyz(env, t, where, xyz_keys, NUMBER_POSITION, d) || !prop_radius(env, t, where, &out->radius)) return 0;
    out->x = d[0], out->y = d[1], out->z = d[2];
    return 1;
}

/* {shape, multiplier, ...}: a sphere's cx, cy, cz (a point) and radius, or
   a box's lx, ly, lz, hx, hy, hz (block coordinates). */
static int read_zone(napi_env env, napi_value z, const char* where, void* o) {
    voxnav_zone* out = o;
    static const char* const centre_keys[3] = {"cx", "cy", "cz"};
    static const char* const lo_keys[3] = {"lx", "ly", "lz"};
    static const char* const hi_keys[3] = {"hx", "hy", "hz"};
    double shape = 0, c[3], lo[3], hi[3];
    if (prop_number(env, z, where, "shape", NUMBER_WHOLE, -2147483648.0, 2147483647.0, 1, &shape) != 1 ||
        prop_number(env, z, where, "multiplier", NUMBER_REAL, 0, INFINITY, 1, &out->multiplier) != 1)
        return 0;
    out->shape = (int32_t)shape;
    if (out->shape == VOXNAV_ZONE_SPHERE) {
        if (!prop_xyz(env, z, where, centre_keys, NUMBER_POSITION, c) || !prop_radius(env, z, where, &out->radius)) return 0;
        out->cx = c[0], out->cy = c[1], out->cz = c[2];
    } else if (out->shape == VOXNAV_ZONE_BOX) {
        if (!prop_xyz(env, z, where, lo_keys, NUMBER_COORDINATE, lo) || !prop_xyz(env, z, where, hi_keys, NUMBER_COORDINATE, hi)) return 0;
        for (int a = 0; a < 3; ++a) out->lo[a] = (int32_t)lo[a], out->hi[a] = (int32_t)hi[a];
    }
    return 1;
}

/* spec[key] (an array, or absent: none) read element by element into a new
   array of `size`-byte elements (*out, freed by free_query); 0 after throwing. */
static int read_list(napi_env env, napi_value spec, const char* key, size_t size, element_reader read, void** out, size_t* count) {
    napi_value arr;
    uint32_t n = 0;
    const int r = prop_array(env, spec, key, &arr, &n);
    *count = 0;
    if (r < 0) {
        char what[64];
        snprintf(what, sizeof what, "query.%s must be an array", key);
        return throw_type(env, what), 0;
    }
    if (n == 0) return 1;
    *out = calloc(n, size);
    if (!*out) return napi_throw_error(env, "ERR_OUT_OF_MEMORY", "out of memory"), 0;
    for (uint32_t i = 0; i < n; ++i) {
        napi_value e;
        napi_get_element(env, arr, i, &e);
        char where[64];
        snprintf(where, sizeof where, "query.%s[%u]", key, i);
        napi_valuetype t;
        napi_typeof(env, e, &t);
        if (t != napi_object) {
            char message[128];
            snprintf(message, sizeof message, "%s must be an object", where);
            return throw_type(env, message), 0;
        }
        if (!read(env, e, where, (char*)*out + i * size)) return 0;
    }
    *count = n;
    return 1;
}

static int read_query_fields(napi_env env, napi_value spec, js_query* jq) {
    memset(jq, 0, sizeof *jq);
    voxnav_query_init(&jq->q);
    if (!read_list(env, spec, "goals", sizeof(voxnav_goal), read_goal, (void**)&jq->goals, &jq->q.goal_count) ||
        !read_list(env, spec, "threats", sizeof(voxnav_threat), read_threat, (void**)&jq->threats, &jq->q.threat_count) ||
        !read_list(env, spec, "zones", sizeof(voxnav_zone), read_zone, (void**)&jq->zones, &jq->q.zone_count))
        return 0;
    jq->q.goals = jq->goals;
    jq->q.threats = jq->threats;
    jq->q.zones = jq->zones;
    bool has_floor = false;
    napi_has_named_property(env, spec, "floorCost", &has_floor);
    if (has_floor) {
        napi_value fc, names;
        napi_get_named_property(env, spec, "floorCost", &fc);
        napi_valuetype t;
        napi_typeof(env, fc, &t);
        if (t != napi_object) return throw_type(env, "query.floorCost must be an object {blockName: multiplier}"), 0;
        napi_get_property_names(env, fc, &names);
        uint32_t count = 0;
        napi_get_array_length(env, names, &count);
        if (count > 0) {
            jq->floor_names = calloc(count, sizeof *jq->floor_names);
            jq->floor_costs = calloc(count, sizeof *jq->floor_costs);
            if (!jq->floor_names || !jq->floor_costs) return napi_throw_error(env, "ERR_OUT_OF_MEMORY", "out of memory"), 0;
            for (uint32_t i = 0; i < count; ++i) {
                napi_value key, v;
                napi_get_element(env, names, i, &key);
                jq->floor_names[i] = get_string(env, key, "floorCost keys are block names");
                if (!jq->floor_names[i]) return 0;
                jq->floor_count = i + 1;
                napi_get_property(env, fc, key, &v);
                if (!read_number(env, v, NUMBER_REAL, 1, DBL_MAX, &jq->floor_costs[i], "query.floorCost['%.60s']", jq->floor_names[i]))
                    return 0;
            }
            jq->q.floor_names = (const char* const*)jq->floor_names;
            jq->q.floor_costs = jq->floor_costs;
            jq->q.floor_cost_count = count;
        }
    }
    double d = 0;
    int r;
    if ((r = prop_number(env, spec, "query", "weight", NUMBER_REAL, 1, DBL_MAX, 0, &d)) < 0) return 0;
    if (r) jq->q.weight = d;
    if ((r = prop_number(env, spec, "query", "maxNodes", NUMBER_WHOLE, 0, 4294967295.0, 0, &d)) < 0) return 0;
    if (r) jq->q.max_nodes = (uint32_t)d;
    if ((r = prop_number(env, spec, "query", "maxCost", NUMBER_REAL, 0, INFINITY, 0, &d)) < 0) return 0;
    if (r) jq->q.max_cost = d;
    static const char* const flags[3] = {"snapStart", "snapGoal", "accelerate"};
    int32_t* flag_fields[3] = {&jq->q.snap_start, &jq->q.snap_goal, &jq->q.accelerate};
    for (int i = 0; i < 3; ++i) {
        if ((r = prop_number(env, spec, "query", flags[i], NUMBER_WHOLE, 0, 1, 0, &d)) < 0) return 0;
        if (r) *flag_fields[i] = (int32_t)d;
    }
    return 1;
}

/* read_query_fields, freeing what it read when it throws. */
static int read_query(napi_env env, napi_value spec, js_query* jq) {
    if (read_query_fields(env, spec, jq)) return 1;
    free_query(jq);
    return 0;
}

/* The JS view of a route: {status, usable, cost, error, expanded, generated,
   microseconds, revision, waypoints: [{x, y, z, action, feetY, cost, open?, dig?, place?}]}. */
static napi_value route_object(napi_env env, voxnav_route* r) {
    napi_value o, list;
    napi_create_object(env, &o);
    const int32_t status = voxnav_route_status(r);
    set(env, o, "status", make_string(env, voxnav_search_status_name(status)));
    set(env, o, "usable", make_bool(env, voxnav_route_usable(r)));
    set(env, o, "cost", make_double(env, voxnav_route_cost(r)));
    set(env, o, "error", make_string(env, voxnav_route_error(r)));
    const voxnav_metrics m = voxnav_route_metrics(r);
    set(env, o, "expanded", make_double(env, (double)m.expanded));
    set(env, o, "generated", make_double(env, (double)m.generated));
    set(env, o, "microseconds", make_double(env, m.microseconds));
    set(env, o, "revision", make_double(env, (double)m.revision));
    const size_t n = voxnav_route_size(r);
    const voxnav_waypoint* wp = voxnav_route_waypoints(r);
    napi_create_array_with_length(env, n, &list);
    static const char* act_keys[] = {"open", "dig", "place"};
    static const int32_t acts[] = {VOXNAV_ACT_OPEN, VOXNAV_ACT_DIG, VOXNAV_ACT_PLACE};
    for (size_t i = 0; i < n; ++i) {
        napi_value w = step_object(env, wp[i].x, wp[i].y, wp[i].z, wp[i].action);
        set(env, w, "feetY", make_double(env, wp[i].feet_y));
        set(env, w, "cost", make_double(env, wp[i].cost));
        for (int a = 0; a < 3; ++a) {
            size_t count = 0;
            const int32_t* v = voxnav_waypoint_voxels(r, i, acts[a], &count);
            if (!count) continue;
            napi_value voxels;
            napi_create_array_with_length(env, count, &voxels);
            for (size_t k = 0; k < count; ++k) napi_set_element(env, voxels, (uint32_t)k, make_voxel(env, v + 3 * k));
            set(env, w, act_keys[a], voxels);
        }
        napi_set_element(env, list, (uint32_t)i, w);
    }
    set(env, o, "waypoints", list);
    return o;
}

/* After a call `s` that filled route `r`: its JS view, with `r` wrapped into
   `target` (for checkRoute and smoothRoute); on failure `r` is freed and
   the error thrown. */
static napi_value finish_route(napi_env env, voxnav_status s, voxnav_route* r, napi_value target) {
    if (failed(env, s)) {
        voxnav_route_destroy(r);
        return NULL;
    }
    napi_value out = route_object(env, r);
    if (!wrap(env, target, r, destroy_route, NULL)) return NULL;
    return out;
}

/* A query call's arguments (navigator, from [x, y, z], query spec) from
   argv[0..2]; 0 after throwing (nothing left to free). */
static int query_args(napi_env env, napi_value* argv, voxnav_navigator** n, int32_t from[3], js_query* jq) {
    *n = NAVIGATOR(argv[0]);
    if (!*n) return 0;
    if (!get_voxel(env, argv[1], from, "from")) return 0;
    return read_query(env, argv[2], jq);
}

/* navigatorFindRoute(nav, from [x,y,z], querySpec, routeHandleTarget) -> route object
   (routeHandleTarget: an object the route's C handle is wrapped into, for
   checkRoute and smoothRoute later). */
static napi_value navigator_find_route(napi_env env, napi_callback_info info) {
    ARGS(4);
    voxnav_navigator* n = NULL;
    int32_t from[3];
    js_query jq;
    if (!query_args(env, argv, &n, from, &jq)) return NULL;
    voxnav_route* r = NULL;
    voxnav_status s = voxnav_route_create(&r);
    if (s == VOXNAV_OK) s = voxnav_find_route(n, from, &jq.q, r);
    free_query(&jq);
    return finish_route(env, s, r, argv[3]);
}

/* navigatorSmoothRoute(nav, routeHandle, querySpec (zones), newHandleTarget) -> route object */
static napi_value navigator_smooth_route(napi_env env, napi_callback_info info) {
    ARGS(4);
    voxnav_navigator* n = NAVIGATOR(argv[0]);
    voxnav_route* in = n ? ROUTE(argv[1]) : NULL;
    if (!in) return NULL;
    js_query jq;
    if (!read_query(env, argv[2], &jq)) return NULL;
    voxnav_route* r = NULL;
    voxnav_status s = voxnav_route_create(&r);
    if (s == VOXNAV_OK) s = voxnav_smooth_route(n, in, jq.q.zones, jq.q.zone_count, r);
    free_query(&jq);
    return finish_route(env, s, r, argv[3]);
}

/* navigatorCheckRoute(nav, routeHandle, fromWaypoint) -> {valid, unchanged, firstInvalid, why} */
static napi_value navigator_check_route(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_navigator* n = NAVIGATOR(argv[0]);
    voxnav_route* r = n ? ROUTE(argv[1]) : NULL;
    if (!r) return NULL;
    double from = 0;
    if (!read_number(env, argv[2], NUMBER_WHOLE, 0, 4294967295.0, &from, "checkRoute: fromWaypoint")) return NULL;
    voxnav_route_check c;
    if (failed(env, voxnav_check_route(n, r, (size_t)from, &c))) return NULL;
    napi_value o;
    napi_create_object(env, &o);
    set(env, o, "valid", make_bool(env, c.valid));
    set(env, o, "unchanged", make_bool(env, c.unchanged));
    set(env, o, "firstInvalid", make_double(env, (double)c.first_invalid));
    set(env, o, "why", make_string(env, c.why));
    return o;
}

/* navigatorIsWaypoint(nav, [x,y,z]) -> bool */
static napi_value navigator_is_waypoint(napi_env env, napi_callback_info info) {
    ARGS(2);
    voxnav_navigator* n = NAVIGATOR(argv[0]);
    if (!n) return NULL;
    int32_t v[3];
    if (!get_voxel(env, argv[1], v, "isWaypoint: feet")) return NULL;
    return make_bool(env, voxnav_is_waypoint(n, v[0], v[1], v[2]));
}

/* navigatorSnap(nav, [x,y,z] game position, useTransform) -> [x,y,z] | null (with why) */
static napi_value navigator_snap(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_navigator* n = NAVIGATOR(argv[0]);
    if (!n) return NULL;
    double p[3];
    if (!get_point(env, argv[1], p, "snap: position")) return NULL;
    bool game = false;
    napi_get_value_bool(env, argv[2], &game);
    int32_t out[3];
    const voxnav_status s = game ? voxnav_snap_game(n, p, out) : voxnav_snap(n, p, out);
    if (s == VOXNAV_ERR_ARGUMENT) return null_value(env);
    if (failed(env, s)) return NULL;
    return make_voxel(env, out);
}

/* navigatorToGame(nav, [x,y,z]) -> [gx, gy, gz] */
static napi_value navigator_to_game(napi_env env, napi_callback_info info) {
    ARGS(2);
    voxnav_navigator* n = NAVIGATOR(argv[0]);
    if (!n) return NULL;
    int32_t v[3];
    if (!get_voxel(env, argv[1], v, "toGame: feet")) return NULL;
    double g[3];
    if (failed(env, voxnav_to_game(n, v, g))) return NULL;
    return make_point(env, g);
}

/* navigatorReachable(nav, [x,y,z], querySpec) -> {status, error, waypoints: [{x,y,z,cost,action}]} */
static napi_value navigator_reachable(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_navigator* n = NULL;
    int32_t from[3];
    js_query jq;
    if (!query_args(env, argv, &n, from, &jq)) return NULL;
    voxnav_reach* r = NULL;
    voxnav_status s = voxnav_reach_create(&r);
    if (s == VOXNAV_OK) s = voxnav_reachable(n, from, &jq.q, r);
    free_query(&jq);
    if (failed(env, s)) {
        voxnav_reach_destroy(r);
        return NULL;
    }
    napi_value o, list;
    napi_create_object(env, &o);
    set(env, o, "status", make_string(env, voxnav_search_status_name(voxnav_reach_status(r))));
    set(env, o, "error", make_string(env, voxnav_reach_error(r)));
    const size_t count = voxnav_reach_count(r);
    const voxnav_reached* w = voxnav_reach_waypoints(r);
    napi_create_array_with_length(env, count, &list);
    for (size_t i = 0; i < count; ++i) {
        napi_value e = step_object(env, w[i].x, w[i].y, w[i].z, w[i].action);
        set(env, e, "cost", make_double(env, w[i].cost));
        napi_set_element(env, list, (uint32_t)i, e);
    }
    set(env, o, "waypoints", list);
    voxnav_reach_destroy(r);
    return o;
}

/* --- flow fields ------------------------------------------------------------- */

/* flowCompute(target, nav, querySpec) -> {status, reachable, error} */
static napi_value flow_compute(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_navigator* n = NAVIGATOR(argv[1]);
    if (!n) return NULL;
    js_query jq;
    if (!read_query(env, argv[2], &jq)) return NULL;
    voxnav_flow_field* f = NULL;
    voxnav_status s = voxnav_flow_field_create(&f);
    if (s == VOXNAV_OK) s = voxnav_compute_flow_field(n, &jq.q, f);
    free_query(&jq);
    if (failed(env, s)) {
        voxnav_flow_field_destroy(f);
        return NULL;
    }
    napi_value o;
    napi_create_object(env, &o);
    set(env, o, "status", make_string(env, voxnav_search_status_name(voxnav_flow_field_status(f))));
    set(env, o, "reachable", make_double(env, (double)voxnav_flow_field_reachable(f)));
    set(env, o, "error", make_string(env, voxnav_flow_field_error(f)));
    if (!wrap(env, argv[0], f, destroy_flow, NULL)) return NULL;
    return o;
}

/* flowCost(field, [x,y,z]) -> seconds (Infinity outside) */
static napi_value flow_cost(napi_env env, napi_callback_info info) {
    ARGS(2);
    voxnav_flow_field* f = FLOW(argv[0]);
    if (!f) return NULL;
    int32_t v[3];
    if (!get_voxel(env, argv[1], v, "FlowField.cost: feet")) return NULL;
    return make_double(env, voxnav_flow_field_cost(f, v[0], v[1], v[2]));
}

/* flowNext(field, [x,y,z]) -> {x, y, z, action} | null */
static napi_value flow_next(napi_env env, napi_callback_info info) {
    ARGS(2);
    voxnav_flow_field* f = FLOW(argv[0]);
    if (!f) return NULL;
    int32_t v[3], next[3], action = 0;
    if (!get_voxel(env, argv[1], v, "FlowField.next: feet")) return NULL;
    if (!voxnav_flow_field_next(f, v, next, &action)) return null_value(env);
    return step_object(env, next[0], next[1], next[2], action);
}

/* --- the follower ------------------------------------------------------------------ */

/* followerCreate(target, nav, querySpec) */
static napi_value follower_create(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_navigator* n = NAVIGATOR(argv[1]);
    if (!n) return NULL;
    js_query jq;
    if (!read_query(env, argv[2], &jq)) return NULL;
    voxnav_follower* f = NULL;
    const voxnav_status s = voxnav_follower_create(n, &jq.q, &f);
    free_query(&jq);
    if (failed(env, s)) return NULL;
    if (!wrap(env, argv[0], f, destroy_follower, argv[1])) return NULL;
    return undefined(env);
}

/* followerSetGoal(follower, querySpec (goals)) */
static napi_value follower_set_goal(napi_env env, napi_callback_info info) {
    ARGS(2);
    voxnav_follower* f = FOLLOWER(argv[0]);
    if (!f) return NULL;
    js_query jq;
    if (!read_query(env, argv[1], &jq)) return NULL;
    const voxnav_status s = voxnav_follower_set_goal(f, jq.q.goals, jq.q.goal_count);
    free_query(&jq);
    if (failed(env, s)) return NULL;
    return undefined(env);
}

static int prop_bool(napi_env env, napi_value obj, const char* key) {
    bool has = false, b = false;
    napi_has_named_property(env, obj, key, &has);
    if (!has) return 0;
    napi_value v;
    napi_get_named_property(env, obj, key, &v);
    napi_coerce_to_bool(env, v, &v);
    napi_get_value_bool(env, v, &b);
    return b ? 1 : 0;
}

/* followerUpdate(follower, {feet: [x,y,z], velocity: [x,y,z], onGround, inLiquid, onClimbable}, now) -> steering */
static napi_value follower_update(napi_env env, napi_callback_info info) {
    ARGS(3);
    voxnav_follower* f = FOLLOWER(argv[0]);
    if (!f) return NULL;
    voxnav_body body;
    memset(&body, 0, sizeof body);
    napi_value feet, velocity;
    double now = 0;
    napi_valuetype bt;
    napi_typeof(env, argv[1], &bt);
    if (bt != napi_object) return throw_type(env, "Follower.update: body must be an object {feet, velocity, onGround, ...}");
    if (napi_get_named_property(env, argv[1], "feet", &feet) != napi_ok || !get_point(env, feet, body.feet, "Follower.update: body.feet"))
        return NULL;
    if (napi_get_named_property(env, argv[1], "velocity", &velocity) == napi_ok) {
        napi_valuetype t;
        napi_typeof(env, velocity, &t);
        if (t != napi_undefined &&
            !read_triple(env, velocity, NUMBER_REAL, -DBL_MAX, DBL_MAX, body.velocity, NULL, "Follower.update: body.velocity"))
            return NULL;
    }
    body.on_ground = prop_bool(env, argv[1], "onGround");
    body.in_liquid = prop_bool(env, argv[1], "inLiquid");
    body.on_climbable = prop_bool(env, argv[1], "onClimbable");
    /* A clock going back: voxnav_follower_update refuses it, naming both times. */
    if (!get_finite(env, argv[2], &now, "Follower.update: now")) return NULL;
    voxnav_steering s;
    if (failed(env, voxnav_follower_update(f, &body, now, &s))) return NULL;
    napi_value o;
    napi_create_object(env, &o);
    set(env, o, "status", make_string(env, voxnav_follow_status_name(s.status)));
    set(env, o, "waypoint", make_double(env, s.waypoint));
    set(env, o, "target", make_point(env, s.target));
    napi_value heading;
    napi_create_array_with_length(env, 2, &heading);
    napi_set_element(env, heading, 0, make_double(env, s.heading[0]));
    napi_set_element(env, heading, 1, make_double(env, s.heading[1]));
    set(env, o, "heading", heading);
    set(env, o, "speed", make_double(env, s.speed));
    set(env, o, "jump", make_bool(env, s.jump));
    set(env, o, "sprint", make_bool(env, s.sprint));
    set(env, o, "climb", make_int(env, s.climb));
    /* open: the door's voxels, one door: [[x, y, z]], or a two-block door's
       lower and upper halves [[x, y, z], [x, y + 1, z]], opened by one use. */
    if (s.has_open) {
        napi_value doors;
        napi_create_array_with_length(env, s.open_both_halves ? 2 : 1, &doors);
        napi_set_element(env, doors, 0, make_voxel(env, s.open));
        if (s.open_both_halves) {
            const int32_t upper[3] = {s.open[0], s.open[1] + 1, s.open[2]};
            napi_set_element(env, doors, 1, make_voxel(env, upper));
        }
        set(env, o, "open", doors);
    }
    const struct { int32_t has; const int32_t* v; const char* key; } acts[] = {
        {s.has_dig, s.dig, "dig"}, {s.has_place, s.place, "place"}, {s.has_close, s.close, "close"}};
    for (int i = 0; i < 3; ++i)
        if (acts[i].has) set(env, o, acts[i].key, make_voxel(env, acts[i].v));
    set(env, o, "replans", make_int(env, s.replans));
    set(env, o, "why", make_string(env, voxnav_follower_why(f)));
    return o;
}

/* --- module ------------------------------------------------------------------ */

static napi_value version(napi_env env, napi_callback_info info) {
    (void)info;
    return make_string(env, voxnav_version());
}

NAPI_MODULE_INIT() {
    const napi_property_descriptor fns[] = {
#define FN(name, fn) {name, NULL, fn, NULL, NULL, NULL, napi_default, NULL}
        FN("version", version),
        FN("worldCreate", world_create),
        FN("worldDefineBlock", world_define_block),
        FN("worldFindBlock", world_find_block),
        FN("worldMinecraftBlock", world_minecraft_block),
        FN("worldSetChunk", world_set_chunk),
        FN("worldGetChunk", world_get_chunk),
        FN("worldSetBlock", world_set_block),
        FN("worldGetBlock", world_get_block),
        FN("worldUnloadChunk", world_unload_chunk),
        FN("worldIsLoaded", world_is_loaded),
        FN("worldInfo", world_info),
        FN("worldSync", world_sync),
        FN("worldSetTransform", world_set_transform),
        FN("tableLoad", table_load),
        FN("navigatorCreate", navigator_create),
        FN("navigatorFindRoute", navigator_find_route),
        FN("navigatorSmoothRoute", navigator_smooth_route),
        FN("navigatorCheckRoute", navigator_check_route),
        FN("navigatorIsWaypoint", navigator_is_waypoint),
        FN("navigatorSnap", navigator_snap),
        FN("navigatorToGame", navigator_to_game),
        FN("navigatorReachable", navigator_reachable),
        FN("flowCompute", flow_compute),
        FN("flowCost", flow_cost),
        FN("flowNext", flow_next),
        FN("followerCreate", follower_create),
        FN("followerSetGoal", follower_set_goal),
        FN("followerUpdate", follower_update),
#undef FN
    };
    if (napi_define_properties(env, exports, sizeof fns / sizeof fns[0], fns) != napi_ok) return NULL;
    return exports;
}
