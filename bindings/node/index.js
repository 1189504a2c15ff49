// SPDX-License-Identifier: MIT
'use strict';
// voxnav for Node.js: exact, action-tagged routes for voxel-game NPCs and
// bots. The JS half of the npm package `voxnav`: classes over the native
// addon (src/addon.c, N-API over voxnav's C API, include/voxnav/voxnav.h).
//
//   const voxnav = require('voxnav');
//   const world = new voxnav.World();
//   const stone = world.findBlock('stone');
//   world.setChunk(0, 0, 0, ids);                    // Uint16Array(4096), index x + 16 * (z + 16 * y)
//   const nav = new voxnav.Navigator(world, { height: 1.8, width: 1, opens: ['hand'] });
//   const route = nav.findRoute([1, 1, 1], voxnav.goals.at(12, 1, 9));
//   if (route.usable) for (const w of route.waypoints) console.log(w.action, w.x, w.y, w.z);
//
// Units: voxel coordinates (y up), costs in seconds. Errors: bad arguments
// throw (TypeError, RangeError or Error with `code` "ERR_ARGUMENT",
// "ERR_PROFILE", ...); a query that ran but found nothing returns a route
// whose status says why ("no_path", "invalid_start", ...).
// Numbers: NaN, infinities and coordinates beyond int32 are refused, naming
// the argument, before anything converts them (see `check` below); a block
// coordinate with a fraction is the block that holds it (rounded down).
// Threads: a world and its navigators belong to the JS thread that made them.

const native = require('./native');

const GOAL_AT = 0, GOAL_NEAR = 1, GOAL_COLUMN = 2, GOAL_LEVEL = 3, GOAL_TOUCH = 4, GOAL_NEAR_XZ = 5;
const KINDS = { air: 0, solid: 1, liquid: 2 };
const ZONE_SPHERE = 0, ZONE_BOX = 1;

// --- numbers: checked before the addon converts them -------------------------
// One rule per kind of number, shared by this file and mineflayer.js (the
// addon applies the same rules again to what reaches it). Each returns the
// value, or throws naming the argument: TypeError "<what> is missing" or
// "<what> must be a number, not a string"; RangeError "<what> is NaN; a block
// coordinate must be a finite number within int32" (both with code
// "ERR_ARGUMENT").
const INT32_LIMIT = 2 ** 31;

function argumentError(Kind, message) {
  return Object.assign(new Kind(message), { code: 'ERR_ARGUMENT' });
}

function number(v, what, rule, ok) {
  if (v === undefined) throw argumentError(TypeError, `${what} is missing`);
  if (typeof v !== 'number') throw argumentError(TypeError, `${what} must be a number, not ${v === null ? 'null' : `a ${typeof v}`}`);
  if (Number.isNaN(v) || !ok(v)) throw argumentError(RangeError, `${what} is ${v}; ${rule}`);
  return v;
}

const inInt32 = (d) => d >= -INT32_LIMIT && d < INT32_LIMIT;

/** Argument checks (what names the argument in the error: 'goals.at: x'). */
const check = {
  /** A block coordinate: finite and within int32; a fraction is the block that holds it (Math.floor). */
  coordinate: (v, what) => Math.floor(number(v, what, 'a block coordinate must be a finite number within int32', inInt32)),
  /** A point's coordinate (a near goal's centre, a threat): the same range, kept fractional. */
  position: (v, what) => number(v, what, 'a position must be a finite number within int32', inInt32),
  /** A finite number >= least (a radius or a range: 0; a weight: 1). */
  finite: (v, what, least = -Infinity) =>
    number(v, what, least === -Infinity ? 'it must be a finite number' : `it must be a finite number >= ${least}`,
      (d) => Number.isFinite(d) && d >= least),
  /** A number > 0, Infinity allowed (a zone's cost multiplier). */
  positive: (v, what) => number(v, what, 'it must be a number > 0 (Infinity: never enter)', (d) => d > 0),
  /** A whole number from lo to hi (counts, ids). */
  whole: (v, what, lo, hi) => number(v, what, `it must be a whole number from ${lo} to ${hi}`,
    (d) => Number.isInteger(d) && d >= lo && d <= hi),
};

// Three block coordinates {x, y, z} of a call named `name`.
function blockArgs(name, x, y, z) {
  return { x: check.coordinate(x, `${name}: x`), y: check.coordinate(y, `${name}: y`), z: check.coordinate(z, `${name}: z`) };
}

/**
 * Goal constructors: a goal is a plain object; an array of them means "any
 * of". Block coordinates round down to the block that holds them; every
 * argument is required (a missing radius is an error, not 0).
 */
const goals = {
  /** The feet voxel (x, y, z). */
  at: (x, y, z) => ({ kind: GOAL_AT, ...blockArgs('goals.at', x, y, z) }),
  /** Any waypoint within `radius` voxels of the point (x, y, z) (fractional). */
  near: (x, y, z, radius) => ({
    kind: GOAL_NEAR,
    x: check.position(x, 'goals.near: x'),
    y: check.position(y, 'goals.near: y'),
    z: check.position(z, 'goals.near: z'),
    radius: check.finite(radius, 'goals.near: radius', 0),
  }),
  /**
   * Any waypoint within `radius` voxels of the point (x, z) horizontally, at
   * any height: one region the search tests, so a radius of thousands costs
   * what a radius of one does.
   */
  nearXZ: (x, z, radius) => ({
    kind: GOAL_NEAR_XZ,
    x: check.position(x, 'goals.nearXZ: x'),
    z: check.position(z, 'goals.nearXZ: z'),
    radius: check.finite(radius, 'goals.nearXZ: radius', 0),
  }),
  /** Any waypoint with feet x, z. */
  column: (x, z) => ({ kind: GOAL_COLUMN, x: check.coordinate(x, 'goals.column: x'), y: 0, z: check.coordinate(z, 'goals.column: z') }),
  /** Any waypoint with feet y. */
  level: (y) => ({ kind: GOAL_LEVEL, x: 0, y: check.coordinate(y, 'goals.level: y'), z: 0 }),
  /** Any waypoint whose body touches block (x, y, z). */
  touch: (x, y, z) => ({ kind: GOAL_TOUCH, ...blockArgs('goals.touch', x, y, z) }),
};

// The query spec the addon reads, from a goal (or list, or {flee: [...]})
// and the options: {weight, maxNodes, maxCost, zones, floorCost, snapStart,
// snapGoal, accelerate}.
function querySpec(goal, options = {}) {
  if (options === null || typeof options !== 'object') throw new TypeError('options must be an object');
  const spec = {};
  if (goal !== undefined && goal !== null) {
    if (goal.flee) {
      if (!Array.isArray(goal.flee)) throw argumentError(TypeError, 'flee must be an array of {x, y, z, radius}');
      spec.goals = [];
      spec.threats = goal.flee.map((t, i) => {
        const what = `flee[${i}]`;
        if (!t || typeof t !== 'object') throw argumentError(TypeError, `${what} must be an object {x, y, z, radius}`);
        return {
          x: check.position(t.x, `${what}.x`), y: check.position(t.y, `${what}.y`), z: check.position(t.z, `${what}.z`),
          radius: check.finite(t.radius, `${what}.radius`, 0),
        };
      });
    } else {
      spec.goals = Array.isArray(goal) ? goal : [goal];
      for (const g of spec.goals) {
        if (!g || typeof g.kind !== 'number') throw new TypeError('a goal comes from voxnav.goals (at, near, nearXZ, column, level, touch)');
      }
    }
  }
  if (options.zones !== undefined) {
    if (!Array.isArray(options.zones)) throw new TypeError('options.zones must be an array');
    spec.zones = options.zones.map((z, i) => {
      const what = `options.zones[${i}]`;
      if (!z || typeof z !== 'object') throw argumentError(TypeError, `${what} must be an object`);
      const multiplier = z.multiplier === undefined ? Infinity : check.positive(z.multiplier, `${what}.multiplier`);
      const corner = (c, key) => {
        if (!Array.isArray(c) || c.length !== 3) throw argumentError(TypeError, `${what}.${key} must be [x, y, z]`);
        return c.map((v, a) => check.coordinate(v, `${what}.${key}[${a}]`));
      };
      if (z.min && z.max) {
        const [lx, ly, lz] = corner(z.min, 'min');
        const [hx, hy, hz] = corner(z.max, 'max');
        return { shape: ZONE_BOX, multiplier, lx, ly, lz, hx, hy, hz };
      }
      if (!Array.isArray(z.centre) || z.centre.length !== 3) {
        throw argumentError(TypeError, `${what} is {centre: [x, y, z], radius, multiplier} or {min, max, multiplier}`);
      }
      const [cx, cy, cz] = z.centre.map((v, a) => check.position(v, `${what}.centre[${a}]`));
      return { shape: ZONE_SPHERE, multiplier, cx, cy, cz, radius: check.finite(z.radius, `${what}.radius`, 0) };
    });
  }
  if (options.floorCost !== undefined) {
    const fc = options.floorCost;
    if (fc === null || typeof fc !== 'object') throw argumentError(TypeError, 'options.floorCost must be an object {blockName: multiplier}');
    for (const name of Object.keys(fc)) check.finite(fc[name], `options.floorCost['${name}']`, 1);
    spec.floorCost = fc;
  }
  if (options.weight !== undefined) spec.weight = check.finite(options.weight, 'options.weight', 1);
  if (options.maxNodes !== undefined) spec.maxNodes = check.whole(options.maxNodes, 'options.maxNodes', 0, 2 ** 32 - 1);
  if (options.maxCost !== undefined) {
    spec.maxCost = number(options.maxCost, 'options.maxCost', 'it must be a number of seconds >= 0 (Infinity: no limit)', (d) => d >= 0);
  }
  for (const key of ['snapStart', 'snapGoal', 'accelerate']) if (options[key] !== undefined) spec[key] = options[key] ? 1 : 0;
  return spec;
}

/** A Minecraft block table (worlds/minecraft_blocks.txt format). */
class BlockTable {
  /** Reads a table file; throws naming the file and line of a bad line. */
  static load(path) {
    const t = new BlockTable();
    native.tableLoad(t, path);
    return t;
  }
}

/** The block world: sparse 16^3 chunks of block ids. */
class World {
  constructor() {
    native.worldCreate(this);
  }
  /** Adds or redefines a block type; kind 'air' | 'solid' | 'liquid'; shape: {bottom, top, stairFaces, climbable, openClass, open, damage, insideSpeed, ...}. Returns its id. */
  defineBlock(name, kind = 'solid', { hazard = false, shape = null } = {}) {
    if (!(kind in KINDS)) throw new TypeError("kind must be 'air', 'solid' or 'liquid'");
    return native.worldDefineBlock(this, name, KINDS[kind], hazard ? 1 : 0, shape);
  }
  /** The id of a block name, or undefined. */
  findBlock(name) {
    return native.worldFindBlock(this, name);
  }
  /**
   * The id of a Minecraft block state ("oak_stairs[facing=east,half=bottom]",
   * with or without "minecraft:"), defined from the block table on first use
   * (the builtin one, or `table`). `known` is false when the table lacks the
   * name (then the block is an unknown full solid).
   */
  minecraftBlock(state, table = null) {
    const [id, known] = native.worldMinecraftBlock(this, state, table);
    return { id, known };
  }
  /** Loads or replaces chunk (cx, cy, cz) from a Uint16Array(4096), index x + 16 * (z + 16 * y). */
  setChunk(cx, cy, cz, ids) {
    native.worldSetChunk(this, cx, cy, cz, ids);
  }
  getChunk(cx, cy, cz) {
    return native.worldGetChunk(this, cx, cy, cz);
  }
  setBlock(x, y, z, id) {
    native.worldSetBlock(this, x, y, z, id);
  }
  getBlock(x, y, z) {
    return native.worldGetBlock(this, x, y, z);
  }
  /** Forgets a chunk (air, not loaded) until setChunk gives it again. */
  unloadChunk(cx, cy, cz) {
    native.worldUnloadChunk(this, cx, cy, cz);
  }
  isLoaded(cx, cy, cz) {
    return native.worldIsLoaded(this, cx, cy, cz);
  }
  /** {revision, loadedChunks, memoryBytes, factsBytes}. */
  info() {
    return native.worldInfo(this);
  }
  /** Publishes the edits to every navigator's facts (they also do it before each query). */
  sync() {
    native.worldSync(this);
  }
  /** Game units: a voxel's edge in game units, and the game position of voxel (0, 0, 0)'s corner. */
  setTransform(voxelSize, origin = [0, 0, 0]) {
    native.worldSetTransform(this, voxelSize, origin);
  }
}

/** A route: status, cost [s], waypoints [{x, y, z, action, feetY, cost, open?, dig?, place?}]. */
class Route {
  constructor(data, handle) {
    Object.assign(this, data);
    Object.defineProperty(this, '_handle', { value: handle });
  }
}

/** An agent kind's view of a world: routes, snapping, checks, flow fields. */
class Navigator {
  /** profile: an object with the profile keys (height, width, jump_height, max_fall, opens, ...) or JSON text. */
  constructor(world, profile = {}) {
    if (!(world instanceof World)) throw new TypeError('a Navigator needs a voxnav World');
    this.world = world;
    native.navigatorCreate(this, world, typeof profile === 'string' ? profile : JSON.stringify(profile));
  }
  /** The route from feet voxel `from` ([x, y, z]) to `goal` (voxnav.goals.*, a list of them, or {flee: [{x, y, z, radius}]}). */
  findRoute(from, goal, options) {
    const handle = {};
    const data = native.navigatorFindRoute(this, from, querySpec(goal, options), handle);
    return new Route(data, handle);
  }
  /** The route with walks at one level merged into straight segments; options.zones as the query's. */
  smoothRoute(route, options = {}) {
    const handle = {};
    const data = native.navigatorSmoothRoute(this, route._handle, querySpec(null, options), handle);
    return new Route(data, handle);
  }
  /** Whether `route` still holds from waypoint `fromWaypoint` on: {valid, unchanged, firstInvalid, why}. */
  checkRoute(route, fromWaypoint = 0) {
    return native.navigatorCheckRoute(this, route._handle, fromWaypoint);
  }
  /** Whether a body of this agent can stand at feet voxel [x, y, z] now. */
  isWaypoint(feet) {
    return native.navigatorIsWaypoint(this, feet);
  }
  /** The waypoint a body whose feet centre is at `position` occupies ([x, y, z] or null): voxel units, or game units with {game: true}. */
  snap(position, { game = false } = {}) {
    return native.navigatorSnap(this, position, game);
  }
  /** The game-unit feet centre of this agent standing at feet voxel [x, y, z]. */
  toGame(feet) {
    return native.navigatorToGame(this, feet);
  }
  /** Every waypoint reachable from `from` within options.maxCost seconds, cheapest first. */
  reachable(from, options = {}) {
    return native.navigatorReachable(this, from, querySpec(null, options));
  }
  /** One search from the goal for many NPCs going there. */
  flowField(goal, options) {
    return new FlowField(this, goal, options);
  }
}

/** The exact cost to one goal from every waypoint around it, and the next move from each. */
class FlowField {
  constructor(navigator, goal, options) {
    Object.assign(this, native.flowCompute(this, navigator, querySpec(goal, options)));
  }
  /** Seconds from feet voxel [x, y, z] to the goal (Infinity outside the field). */
  cost(feet) {
    return native.flowCost(this, feet);
  }
  /** The next move from feet voxel [x, y, z]: {x, y, z, action}, or null at the goal or outside. */
  next(feet) {
    return native.flowNext(this, feet);
  }
}

/**
 * Moves one body along routes to a goal, tick by tick: give it the body's
 * state, it says where to steer, how fast, whether to jump, sprint or climb,
 * and what to open, dig or place first.
 */
class Follower {
  constructor(navigator, goal, options) {
    if (!(navigator instanceof Navigator)) throw new TypeError('a Follower needs a voxnav Navigator');
    native.followerCreate(this, navigator, querySpec(goal, options));
  }
  /** A new goal (any of a list); the same goal again changes nothing. */
  setGoal(goal) {
    native.followerSetGoal(this, querySpec(goal));
  }
  /**
   * One tick. body: {feet: [x, y, z] (feet centre, voxel units), velocity,
   * onGround, inLiquid, onClimbable}; now: the game clock [s]. Returns
   * {status, waypoint, target, heading, speed, jump, sprint, climb, open?,
   * dig?, place?, close?, replans, why}. `now` never goes back: an earlier
   * time than the last update's throws (code ERR_ARGUMENT, naming both).
   */
  update(body, now) {
    return native.followerUpdate(this, body, now);
  }
}

/**
 * Built-in profiles. `player`: Minecraft's player as voxnav's physics judge
 * walks it (worlds/agents/player.json): 1.8 high, one voxel wide (the
 * 0.6-wide body stands in one column), jumps 1.25, steps 0.6, climbs
 * ladders and vines, opens wooden doors, gates and trapdoors, falls at most 3.
 * Copy and change it: {...voxnav.profiles.player, max_fall: 5}.
 */
const profiles = Object.freeze({
  player: Object.freeze({
    height: 1.8, width: 1, jump_height: 1.25, step_height: 0.6, max_fall: 3,
    climb: true, climb_speed: 2.35, opens: Object.freeze(['hand']), open_time: 0.25,
  }),
});

module.exports = { version: native.version(), goals, profiles, check, World, BlockTable, Navigator, Route, FlowField, Follower };
