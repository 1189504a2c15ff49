// SPDX-License-Identifier: MIT
'use strict';
// voxnav as mineflayer's pathfinder (require('voxnav/mineflayer')):
//
//   const { plugin, goals } = require('voxnav/mineflayer');
//   bot.loadPlugin(plugin);
//   await bot.voxnav.goto(new goals.GoalBlock(x, y, z));
//
// The plugin mirrors the chunks the bot holds into a voxnav World (every
// 16x16x16 section; block states through voxnav's Minecraft block table;
// block updates as they arrive; columns dropped as the bot forgets them) and
// walks the bot along voxnav routes with the Follower through the bot's
// controls: walk, run, jump, leaps, ladders, water, doors opened with
// bot.activateBlock.
//
// Goals: GoalBlock, GoalNear, GoalXZ, GoalNearXZ, GoalY, GoalGetToBlock,
// GoalFollow (an entity, kept up to date), GoalCompositeAny, GoalInvert
// (flee); goto, setGoal(goal, dynamic) and stop; the events goal_reached,
// path_update, path_reset (with a reason) and path_stop. Agents whose
// profile digs or places ({profile: {dig: true}}, {profile: {place: true}})
// dig with bot.dig and place with bot.placeBlock. Options: createBot's
// `voxnav` option or createPlugin(options) (see createPlugin).
//
// Threads: everything runs on the bot's event loop (mineflayer's physics
// tick); nothing here blocks longer than one capped plan.
const voxnav = require('./index');

const { check } = voxnav;

// --- goals: the classes mineflayer-pathfinder users write ----------------------
// Their numbers are checked as they are made (voxnav.check): a coordinate
// must be a finite number within int32 and a fraction is the block that
// holds it (Math.floor, as Minecraft rounds a position); a range is a
// finite number >= 0 and never left out. The error names the goal and the
// argument: "GoalXZ: x is NaN; a block coordinate must be a finite number
// within int32", "GoalNear: range is missing".

// Block coordinates {x, y, z} of goal `name`.
function blockOf(name, x, y, z) {
  return { x: check.coordinate(x, `${name}: x`), y: check.coordinate(y, `${name}: y`), z: check.coordinate(z, `${name}: z`) };
}

class Goal {
  /** The voxnav goal (voxnav.goals.*, or an array: any of). */
  toVoxnav() {
    throw new Error('a goal must say where it is');
  }
  /** Whether a bot whose feet stand at block (x, y, z) has arrived. */
  isEnd(x, y, z) {
    throw new Error('a goal must say when it is reached');
  }
  /** Whether the plugin may end a walk there before the route's end (isEnd, unless a goal says otherwise). */
  endsWalkAt(x, y, z) {
    return this.isEnd(x, y, z);
  }
}

class GoalBlock extends Goal {
  constructor(x, y, z) {
    super();
    Object.assign(this, blockOf('GoalBlock', x, y, z));
  }
  // Minecraft names the block the feet are in; on a bottom slab or a stair
  // that is the slab's own block (feet at y + 0.5), where voxnav's feet
  // voxel is the one above it (feet_y = its y - 0.5).
  toVoxnav(navigator, bot) {
    const above = [this.x, this.y + 1, this.z];
    if (navigator && bot && !navigator.isWaypoint([this.x, this.y, this.z]) && navigator.isWaypoint(above)) {
      const b = bot.blockAt(new (bot.entity.position.constructor)(this.x, this.y, this.z));
      const top = b && b.shapes && b.shapes.length ? Math.max(...b.shapes.map((box) => box[4])) : 1;
      if (top < 1) return voxnav.goals.at(...above);
    }
    return voxnav.goals.at(this.x, this.y, this.z);
  }
  isEnd(x, y, z) {
    return x === this.x && y === this.y && z === this.z;
  }
}

class GoalNear extends Goal {
  constructor(x, y, z, range) {
    super();
    Object.assign(this, blockOf('GoalNear', x, y, z), { range: check.finite(range, 'GoalNear: range', 0) });
  }
  toVoxnav() {
    return voxnav.goals.near(this.x + 0.5, this.y, this.z + 0.5, this.range);
  }
  isEnd(x, y, z) {
    const dx = x - this.x, dy = y - this.y, dz = z - this.z;
    return dx * dx + dy * dy + dz * dz <= this.range * this.range;
  }
}

class GoalXZ extends Goal {
  constructor(x, z) {
    super();
    Object.assign(this, { x: check.coordinate(x, 'GoalXZ: x'), z: check.coordinate(z, 'GoalXZ: z') });
  }
  toVoxnav() {
    return voxnav.goals.column(this.x, this.z);
  }
  isEnd(x, y, z) {
    return x === this.x && z === this.z;
  }
}

class GoalNearXZ extends Goal {
  constructor(x, z, range) {
    super();
    Object.assign(this, {
      x: check.coordinate(x, 'GoalNearXZ: x'), z: check.coordinate(z, 'GoalNearXZ: z'), range: check.finite(range, 'GoalNearXZ: range', 0),
    });
  }
  // One region voxnav tests (feet within range of the block (x, z)
  // horizontally, as isEnd), never a list of columns: a range of 3,000 plans
  // as fast as a range of 1.
  toVoxnav() {
    return voxnav.goals.nearXZ(this.x, this.z, this.range);
  }
  isEnd(x, y, z) {
    const dx = x - this.x, dz = z - this.z;
    return dx * dx + dz * dz <= this.range * this.range;
  }
}

class GoalY extends Goal {
  constructor(y) {
    super();
    this.y = check.coordinate(y, 'GoalY: y');
  }
  toVoxnav() {
    return voxnav.goals.level(this.y);
  }
  isEnd(x, y) {
    return y === this.y;
  }
}

/** Stand beside the block (x, y, z), touching it (to open a chest, mine it). */
class GoalGetToBlock extends Goal {
  constructor(x, y, z) {
    super();
    Object.assign(this, blockOf('GoalGetToBlock', x, y, z));
  }
  toVoxnav() {
    return voxnav.goals.touch(this.x, this.y, this.z);
  }
  isEnd(x, y, z) {
    const dx = Math.abs(x - this.x), dy = y - this.y, dz = Math.abs(z - this.z);
    return dx + dz === 1 && (dy === 0 || dy === -1);
  }
}

/**
 * Within `range` blocks of an entity (1 when left out), kept up to date as it
 * moves (another player, a mob). Dynamic: the plugin re-gives it every tick;
 * voxnav plans to the entity's new block at most once a second while a route
 * is followed.
 */
class GoalFollow extends Goal {
  constructor(entity, range = 1) {
    super();
    if (!entity || !entity.position) throw new TypeError('GoalFollow takes an entity (with a position)');
    this.entity = entity;
    this.range = check.finite(range, 'GoalFollow: range', 0);
    this.dynamic = true;
    this.refresh();
  }
  /** Takes the entity's current block; true when it changed. */
  refresh() {
    const { x, y, z } = blockOf('GoalFollow: entity.position', this.entity.position.x, this.entity.position.y, this.entity.position.z);
    const changed = x !== this.x || y !== this.y || z !== this.z;
    Object.assign(this, { x, y, z });
    return changed;
  }
  toVoxnav() {
    return voxnav.goals.near(this.x + 0.5, this.y, this.z + 0.5, Math.max(this.range, 1));
  }
  isEnd(x, y, z) {
    const dx = x - this.x, dy = y - this.y, dz = z - this.z;
    return dx * dx + dy * dy + dz * dz <= this.range * this.range;
  }
}

/** Any of several goals (the cheapest to reach wins). */
class GoalCompositeAny extends Goal {
  constructor(goals = []) {
    super();
    this.goals = goals;
  }
  push(goal) {
    this.goals.push(goal);
  }
  toVoxnav(navigator, bot) {
    if (!this.goals.length) throw new TypeError('GoalCompositeAny needs at least one goal');
    return this.goals.flatMap((g) => [].concat(g.toVoxnav(navigator, bot)));
  }
  isEnd(x, y, z) {
    return this.goals.some((g) => g.isEnd(x, y, z));
  }
  get dynamic() {
    return this.goals.some((g) => g.dynamic);
  }
  refresh() {
    return this.goals.map((g) => (g.refresh ? g.refresh() : false)).some(Boolean);
  }
}

/**
 * Away from a goal: any position where the goal does not hold (flee a
 * creeper: new GoalInvert(new GoalNear(x, y, z, 8))). voxnav routes it as a
 * flee query from the goal's point, safe 1.5 blocks beyond its range (GoalBlock: 1).
 */
class GoalInvert extends Goal {
  constructor(goal) {
    super();
    if (!(goal instanceof GoalNear) && !(goal instanceof GoalBlock)) {
      throw new TypeError('GoalInvert takes a GoalNear or a GoalBlock');
    }
    this.goal = goal;
  }
  toVoxnav() {
    const g = this.goal;
    const centre = { x: g.x + 0.5, y: g.y, z: g.z + 0.5 };
    // Safe beyond the goal's range, with a block to spare: the follower
    // arrives within its tolerance of the last waypoint, not on it.
    return { flee: [{ x: centre.x, y: centre.y, z: centre.z, radius: (g.range === undefined ? 1 : g.range) + 1.5 }] };
  }
  isEnd(x, y, z) {
    return !this.goal.isEnd(x, y, z);
  }
  // Whole blocks out of range are not yet the safe distance the flee route
  // goes to: the walk ends where the route does.
  endsWalkAt() {
    return false;
  }
}

const goals = { Goal, GoalBlock, GoalNear, GoalXZ, GoalNearXZ, GoalY, GoalGetToBlock, GoalFollow, GoalCompositeAny, GoalInvert };

// --- the mirror: the bot's chunks in a voxnav World ----------------------------------

class Mirror {
  constructor(bot) {
    this.bot = bot;
    this.world = new voxnav.World();
    this.ids = new Map(); // state id -> voxnav block id
    this.columns = new Set(); // "cx,cz" of mirrored columns
    this.onChange = () => {}; // (what: 'chunk_loaded' | 'block_updated')
    this.stats = { columns: 0, ms: 0 }; // columns copied in, time spent [ms]
    this.started = false; // true from the bot's first spawn on
  }

  /** voxnav's block id for a Minecraft state id; `blockOf()` gives the
   *  prismarine Block (name, properties) the first time a state is seen. */
  idOf(stateId, blockOf) {
    let id = this.ids.get(stateId);
    if (id !== undefined) return id;
    const block = blockOf();
    const props = block.getProperties();
    const keys = Object.keys(props);
    const state = keys.length ? `${block.name}[${keys.map((k) => `${k}=${props[k]}`).join(',')}]` : block.name;
    id = this.world.minecraftBlock(state).id;
    this.ids.set(stateId, id);
    return id;
  }

  heights() {
    const minY = this.bot.game.minY || 0;
    const height = this.bot.game.height || 256;
    return { minY, maxY: minY + height };
  }

  /** Copies the column whose corner is at block (x, z) into voxnav, section by section. */
  loadColumn(x, z) {
    const column = this.bot.world.getColumn(x >> 4, z >> 4);
    if (!column) return;
    const t0 = process.hrtime.bigint();
    const cx = x >> 4, cz = z >> 4;
    const { minY, maxY } = this.heights();
    const ids = new Uint16Array(4096);
    for (let sy = minY >> 4; sy < maxY >> 4; ++sy) {
      if (!this.readSection(column, sy, ids)) this.readSectionBlockByBlock(column, sy, ids);
      this.world.setChunk(cx, sy, cz, ids);
    }
    this.columns.add(`${cx},${cz}`);
    this.stats.columns += 1;
    this.stats.ms += Number(process.hrtime.bigint() - t0) / 1e6;
    this.onChange('chunk_loaded');
  }

  // Fills `ids` (index x + 16 * (z + 16 * y), prismarine-chunk's order too)
  // with section `sy` of `column` read straight from prismarine-chunk's
  // storage: a palette resolved once per entry, then one bit-array read per
  // block (1.9 to 1.17: a section's palette or global ids, null sections
  // air; 1.18+: one value for the whole section, a palette, or global ids).
  // False when the layout is not one of these (readSectionBlockByBlock then).
  readSection(column, sy, ids) {
    const sections = column.sections;
    if (!Array.isArray(sections)) return false;
    const sec = sections[sy - ((column.minY || 0) >> 4)];
    if (sec === null || sec === undefined) {
      ids.fill(this.idOf(0, () => column.getBlock({ x: 0, y: sy * 16, z: 0 })));
      return true;
    }
    const data = sec.data;
    if (!data) return false;
    const posOf = (i) => ({ x: i & 15, y: sy * 16 + (i >> 8), z: (i >> 4) & 15 });
    if (data.value !== undefined && data.data === undefined) { // one value for the whole section
      ids.fill(this.idOf(data.value, () => column.getBlock(posOf(0))));
      return true;
    }
    // 1.18+: a container holding a bit array (and a palette unless direct);
    // before: the section's own bit array (its data a Uint32Array) and palette.
    const container = !!data.data && typeof data.data.get === 'function';
    const bits = container ? data.data : data;
    const palette = container ? data.palette : sec.palette;
    if (typeof bits.get !== 'function') return false;
    if (palette) {
      const local = new Int32Array(palette.length).fill(-1); // palette index -> voxnav id
      for (let i = 0; i < 4096; ++i) {
        const k = bits.get(i);
        let id = local[k];
        if (id < 0) id = local[k] = this.idOf(palette[k], () => column.getBlock(posOf(i)));
        ids[i] = id;
      }
    } else {
      for (let i = 0; i < 4096; ++i) {
        const state = bits.get(i);
        ids[i] = this.idOf(state, () => column.getBlock(posOf(i)));
      }
    }
    return true;
  }

  // The same, one getBlockStateId per block (any prismarine-chunk layout).
  readSectionBlockByBlock(column, sy, ids) {
    const pos = { x: 0, y: 0, z: 0 };
    for (let i = 0; i < 4096; ++i) {
      pos.x = i & 15;
      pos.z = (i >> 4) & 15;
      pos.y = sy * 16 + (i >> 8);
      ids[i] = this.idOf(column.getBlockStateId(pos), () => column.getBlock(pos));
    }
  }

  /** Sections of column (cx, cz) whose voxnav blocks differ from a block-by-block read (a check for tests). */
  differences(cx, cz) {
    const column = this.bot.world.getColumn(cx, cz);
    const { minY, maxY } = this.heights();
    const want = new Uint16Array(4096);
    const out = [];
    for (let sy = minY >> 4; sy < maxY >> 4; ++sy) {
      this.readSectionBlockByBlock(column, sy, want);
      const got = this.world.getChunk(cx, sy, cz);
      if (!got || got.some((v, i) => v !== want[i])) out.push(sy);
    }
    return out;
  }

  unloadColumn(x, z) {
    const cx = x >> 4, cz = z >> 4;
    const { minY, maxY } = this.heights();
    for (let sy = minY >> 4; sy < maxY >> 4; ++sy) this.world.unloadChunk(cx, sy, cz);
    this.columns.delete(`${cx},${cz}`);
  }

  update(block) {
    const p = block.position;
    if (!this.columns.has(`${p.x >> 4},${p.z >> 4}`)) return;
    this.world.setBlock(p.x, p.y, p.z, this.idOf(block.stateId, () => block));
    this.onChange('block_updated');
  }

  start() {
    const bot = this.bot;
    this.started = true;
    for (const key of Object.keys(bot.world.async.columns || {})) {
      const [cx, cz] = key.split(',').map(Number);
      this.loadColumn(cx * 16, cz * 16);
    }
    bot.on('chunkColumnLoad', (corner) => this.loadColumn(corner.x, corner.z));
    bot.on('chunkColumnUnload', (corner) => this.unloadColumn(corner.x, corner.z));
    bot.on('blockUpdate', (oldBlock, newBlock) => {
      if (newBlock) this.update(newBlock);
    });
  }
}

// --- the plugin ------------------------------------------------------------------

const CLIMBABLE = new Set(['ladder', 'vine', 'scaffolding', 'weeping_vines', 'weeping_vines_plant', 'twisting_vines',
  'twisting_vines_plant', 'cave_vines', 'cave_vines_plant']);
function climbable(block) {
  return !!block && CLIMBABLE.has(block.name);
}

// Whether `pos` is more than `d` blocks from where `goal` lies (goals
// without a place, such as GoalY or GoalInvert, are far from everywhere).
function farFrom(goal, pos, d) {
  if (goal.goals) return goal.goals.every((g) => farFrom(g, pos, d));
  if (goal.x === undefined || goal.z === undefined || goal instanceof GoalInvert) return true;
  const dx = pos.x - (goal.x + 0.5), dz = pos.z - (goal.z + 0.5);
  const dy = goal.y === undefined ? 0 : pos.y - goal.y;
  return dx * dx + dy * dy + dz * dz > d * d;
}

const SIDES = [[0, -1, 0], [1, 0, 0], [-1, 0, 0], [0, 0, 1], [0, 0, -1], [0, 1, 0]];
const SCAFFOLDING = ['dirt', 'cobblestone', 'netherrack', 'stone', 'cobbled_deepslate', 'oak_planks'];

/**
 * Minecraft's player as the plugin walks it: voxnav.profiles.player, leaping
 * gaps of up to two blocks with a run (a sprinting jump clears three, but
 * only from a perfect take-off).
 */
const PLAYER = Object.freeze({ ...voxnav.profiles.player, jump_distance: 2 });

/**
 * The plugin with options (createPlugin({profile: {dig: true}})); the plain
 * `plugin` reads the same options from createBot's `voxnav` option:
 *   profile      changes to PLAYER (dig, place, blocks, max_fall, ...)
 *   query        route options ({maxNodes: 20000} unless given; weight, zones, ...)
 *   sprint       false: walk, never run (leaps still run)
 *   scaffolding  item names it may place (for a profile that places)
 */
function createPlugin(pluginOptions = {}) {
  return (bot, botOptions = {}) => inject(bot, { ...(botOptions.voxnav || {}), ...pluginOptions });
}

function plugin(bot, botOptions = {}) {
  inject(bot, botOptions.voxnav || {});
}

function inject(bot, options) {
  const mirror = new Mirror(bot);
  let navigator = new voxnav.Navigator(mirror.world, { ...PLAYER, ...(options.profile || {}) });
  const scaffolding = options.scaffolding || SCAFFOLDING;
  const sprint = options.sprint !== false;
  // {goal, dynamic, follower, resolve?, reject?, busy, reached, asked, changes}
  let current = null;
  // Why the bot left the server ('end' or 'kicked'), or null while connected.
  let ended = null;
  // Since the last goal was set: routes planned, follower ticks, and the
  // time spent in them [ms] (plans and steering; the longest tick).
  const stats = { plans: 0, updates: 0, ms: 0, maxMs: 0 };

  function stopControls() {
    if (ended !== null) return; // nothing to send on a closed connection
    for (const c of ['forward', 'back', 'left', 'right', 'jump', 'sprint', 'sneak']) bot.setControlState(c, false);
  }

  function finish(err) {
    const c = current;
    current = null;
    stopControls();
    if (!c) return;
    if (err && c.reject) c.reject(err);
    else if (!err && c.resolve) c.resolve();
  }

  function fail(name, message) {
    return Object.assign(new Error(`voxnav: ${message}`), { name });
  }

  function vec(v) {
    const Vec3 = bot.entity.position.constructor;
    return new Vec3(v[0], v[1], v[2]);
  }

  // Asks for a world action (open, dig, place) at most once a second per
  // voxel: the follower repeats it every tick until the update arrives.
  function once(kind, at) {
    const key = `${kind}:${at.join(',')}`;
    const asked = current.asked.get(key);
    if (asked !== undefined && Date.now() - asked < 1000) return false;
    current.asked.set(key, Date.now());
    return true;
  }

  // Runs a world action (dig, place) with the walk paused; a failure re-plans.
  function act(kind, promise) {
    const c = current;
    c.busy = true;
    stopControls();
    promise.then(() => {
      c.busy = false;
    }, (e) => {
      c.busy = false;
      if (current === c) bot.emit('path_reset', `${kind}_error`, e);
    });
  }

  function dig(at) {
    const block = bot.blockAt(vec(at));
    if (!block || block.name === 'air') return;
    act('dig', bot.dig(block, true));
  }

  function place(at) {
    const item = bot.inventory.items().find((i) => scaffolding.includes(i.name));
    if (!item) {
      bot.emit('path_reset', 'no_scaffolding_blocks');
      finish(fail('NoScaffolding', `no block to place (options.scaffolding: ${scaffolding.join(', ')})`));
      return;
    }
    for (const [dx, dy, dz] of SIDES) {
      const ref = bot.blockAt(vec([at[0] + dx, at[1] + dy, at[2] + dz]));
      if (ref && ref.boundingBox === 'block') {
        act('place', bot.equip(item, 'hand').then(() => bot.placeBlock(ref, vec([-dx, -dy, -dz]))));
        return;
      }
    }
  }

  // The world is there once the bot has spawned (the mirror starts) and
  // the column under its feet is mirrored: a goal given before (goto on
  // 'login') waits for it instead of planning on nothing.
  function worldReady() {
    const e = bot.entity;
    if (!mirror.started || !e || !e.position) return false;
    return mirror.columns.has(`${Math.floor(e.position.x) >> 4},${Math.floor(e.position.z) >> 4}`);
  }

  function tick() {
    if (!current || current.busy) return;
    const c = current;
    const e = bot.entity;
    if (!c.follower) {
      if (!worldReady()) return;
      try {
        c.follower = followerFor(c.goal);
      } catch (err) {
        finish(fail('GoalError', err.message));
        return;
      }
    }
    try {
      if (c.dynamic && c.goal.refresh && c.goal.refresh()) {
        c.follower.setGoal(c.goal.toVoxnav(navigator, bot));
        c.changes.add('goal_moved');
      }
    } catch (err) {
      // A goal whose numbers went bad (an entity at a NaN position): the
      // walk ends with the error naming them, rather than the bot's tick.
      finish(fail('GoalError', err.message));
      return;
    }
    const p = e.position.floored();
    const inLiquid = !!(e.isInWater || e.isInLava);
    const onClimbable = climbable(bot.blockAt(p));
    const t0 = process.hrtime.bigint();
    // The follower's clock never goes back (it refuses that): a monotonic
    // one, not Date.now(), which the system may set back.
    const s = c.follower.update({
      feet: [e.position.x, e.position.y, e.position.z],
      velocity: [e.velocity.x * 20, e.velocity.y * 20, e.velocity.z * 20],
      onGround: e.onGround,
      inLiquid,
      onClimbable,
    }, Number(process.hrtime.bigint()) / 1e9);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    stats.updates += 1;
    stats.ms += ms;
    stats.maxMs = Math.max(stats.maxMs, ms);
    // One path_update per plan, with its outcome: a plan that found no
    // route says noPath (once), never success first.
    const failed = s.status === 'no_path' || s.status === 'failed';
    // Plans of this goal, over the followers it had (a leap over water
    // starts a new one where it lands).
    const replans = c.replansBefore + s.replans;
    if (replans > stats.plans || (failed && !c.noPath)) {
      stats.plans = replans;
      bot.emit('path_update', failed ? { status: 'noPath', time: ms, replans, why: s.why }
        : { status: 'success', time: ms, replans });
    }
    c.noPath = failed;
    // Arrived once the body has settled there (not in the air over it).
    const settled = e.onGround || inLiquid || onClimbable;
    if (settled && (s.status === 'arrived' || c.goal.endsWalkAt(p.x, p.y, p.z))) {
      stopControls();
      if (!c.reached) bot.emit('goal_reached', c.goal);
      c.reached = true;
      // A dynamic goal set with setGoal stays: the bot walks again when its
      // target moves away.
      if (!(c.dynamic && !c.resolve)) finish();
      return;
    }
    c.reached = false;
    if (failed) {
      // A dynamic goal waits where it is for its target to move somewhere reachable.
      if (c.dynamic && s.status === 'no_path') stopControls();
      else finish(fail('NoPath', `no route to the goal: ${s.why}`));
      return;
    }
    if (s.status === 'replanning' && replans > 1) {
      // Why the follower planned again: the goal moved, a block on the way
      // changed, or the body left its route.
      const why = c.changes.has('goal_moved') ? 'goal_moved' : c.changes.has('block_updated') ? 'block_updated'
        : c.changes.has('chunk_loaded') ? 'chunk_loaded' : 'stuck';
      c.changes.clear();
      bot.emit('path_reset', why);
    }
    if (s.status === 'stuck' && !c.stuck) bot.emit('path_reset', 'stuck');
    c.stuck = s.status === 'stuck';
    if (s.open) {
      // One door (a two-block door lists both halves): one use of its lower half.
      if (once('open', s.open[0])) {
        const block = bot.blockAt(vec(s.open[0]));
        if (block) bot.activateBlock(block).catch(() => {});
      }
      stopControls();
      return;
    }
    if (s.dig) {
      if (once('dig', s.dig)) dig(s.dig);
      else stopControls();
      return;
    }
    if (s.place) {
      if (once('place', s.place)) place(s.place);
      else stopControls();
      return;
    }
    if (leap(c, s)) return;
    const target = vec([s.target[0], e.position.y + bot.entity.height * 0.9, s.target[2]]);
    bot.lookAt(target, true);
    const forward = s.speed > 0 && Math.hypot(s.heading[0], s.heading[1]) > 0;
    bot.setControlState('forward', forward);
    bot.setControlState('back', false);
    bot.setControlState('jump', !!s.jump || s.climb > 0);
    // Runs where the route is walked on dry ground, as a player would (and as
    // mineflayer-pathfinder does), but walks the last 3 blocks to a goal with
    // a place so the body stops there (a running player slides on: off a
    // one-wide wall top); options.sprint = false walks. Leaps the follower
    // steers always run (the plugin's own leaps: see leap()).
    // In the air too (a jump up a step, a hop out of the water): running
    // there is 0.026 of input a tick against 0.02, and the run goes on
    // where the body lands.
    const running = sprint && forward && !e.isInWater && s.climb === 0 && farFrom(c.goal, e.position, 3);
    bot.setControlState('sprint', !!s.sprint || running);
    // Swimming along the surface (the target not below the feet): jump held
    // and running, as a player swims fastest. The body bobs out of the water
    // and each time moves by the air's physics (velocity x 0.91 a tick, 0.026
    // of input running) instead of the water's (x 0.8, 0.02): 2.0-2.4 blocks
    // a second against 1.57 measured on the region's water, and it climbs out
    // onto a bank without waiting at it.
    if (e.isInWater && forward && s.climb === 0 && s.target[1] >= e.position.y - 0.5) {
      bot.setControlState('jump', true);
      bot.setControlState('sprint', sprint);
    }
  }

  // --- leaps: run up at the speed the gap needs, jump at the edge, land ---
  // A straight leap over a gap of 1 to 3 columns (no floor two deep) onto
  // the same level: the plugin takes the controls from the run-up to the
  // landing, facing along the leap. A gap of 1 is walked and jumped (a
  // running jump carries a body 3.5 blocks: over a one-block landing and
  // off it, as the issue saw twice); wider gaps run. The jump comes on the
  // last tick before the body's centre would pass 0.7 beyond the start
  // block's centre (its edge is 0.5, the body 0.3 wide each side); in the
  // air the body is steered on until its centre is over the landing, then
  // held back, so it stops on a one-block landing.
  function solidAt(x, y, z) {
    const b = bot.blockAt(vec([x, y, z]));
    return !!b && b.boundingBox === 'block';
  }

  // The leap from feet block f along axis d ([dx, dz]): {gap, land} (gap
  // columns, then `land` columns, up to 3, to stand on), or null.
  function gapAhead(f, d) {
    if (!solidAt(f.x, f.y - 1, f.z)) return null;
    const col = (k) => [f.x + d[0] * k, f.z + d[1] * k];
    let k = 1;
    for (; k <= 4; ++k) {
      const [x, z] = col(k);
      if (solidAt(x, f.y - 1, z) || solidAt(x, f.y - 2, z) || solidAt(x, f.y, z) || solidAt(x, f.y + 1, z)) break;
    }
    const gap = k - 1;
    if (gap < 1 || gap > 3) return null;
    let land = 0;
    for (; land < 3; ++land) {
      const [x, z] = col(k + land);
      if (!solidAt(x, f.y - 1, z) || solidAt(x, f.y, z) || solidAt(x, f.y + 1, z)) break;
    }
    if (!land) return null;
    // Water under every gap column, at the floor's level: a leap that
    // falls short swims.
    let water = true;
    for (let j = 1; j <= gap && water; ++j) {
      const [x, z] = col(j);
      const b = bot.blockAt(vec([x, f.y - 1, z]));
      water = !!b && (b.name === 'water' || b.name === 'bubble_column');
    }
    return { gap, land, water };
  }

  // Whether block f + (gap + 1) d is nearer goal's place than f (goals
  // without one: false).
  function towards(goal, f, d, n) {
    const gs = goal.goals ? goal.goals : [goal];
    return gs.some((g) => {
      if (g.x === undefined || g.z === undefined || g instanceof GoalInvert) return false;
      const from = Math.hypot(f.x - g.x, f.z - g.z);
      return Math.hypot(f.x + d[0] * n - g.x, f.z + d[1] * n - g.z) < from;
    });
  }

  // Whether the goal holds in the water of a leap's gap (there the body
  // must swim, not fly over).
  function waterGoal(goal, f, d, gap) {
    for (let j = 1; j <= gap; ++j) {
      for (const y of [f.y - 2, f.y - 1, f.y]) if (goal.isEnd(f.x + d[0] * j, y, f.z + d[1] * j)) return true;
    }
    return false;
  }

  // The feet block over the floor the body stands on: a body hangs up to
  // 0.3 over its block's edge (its half width), so the column under its
  // centre may be air. Null when no floor block holds it.
  function standingOn(p) {
    const y = Math.floor(p.y + 1e-6);
    let best = null;
    let bestD = Infinity;
    for (const x of new Set([Math.floor(p.x - 0.3), Math.floor(p.x), Math.floor(p.x + 0.3)])) {
      for (const z of new Set([Math.floor(p.z - 0.3), Math.floor(p.z), Math.floor(p.z + 0.3)])) {
        if (!solidAt(x, y - 1, z)) continue;
        const d = Math.hypot(x + 0.5 - p.x, z + 0.5 - p.z);
        if (d < bestD) best = { x, y, z }, bestD = d;
      }
    }
    return best;
  }

  // Where along the leap (u) the body lands from (u, h: the horizontal
  // velocity along it, y, vy [blocks, per tick]) with the air acceleration
  // `first` on the next tick and `then` after it, by Minecraft's air
  // physics (as prismarine-physics): each tick the input adds its
  // acceleration x 0.98, the body moves, the velocity keeps 0.91; vertically
  // it moves, then loses 0.08 and keeps 0.98.
  function landingU(u, h, y, vy, ground, first, then) {
    for (let n = 0; n < 60; ++n) {
      h += (n === 0 ? first : then) * 0.98;
      y += vy;
      vy = (vy - 0.08) * 0.98;
      if (y <= ground && vy < 0) return u; // lands as it reaches the floor (vertical moves resolve first)
      u += h;
      h *= 0.91;
    }
    return u;
  }

  // Drives a leap this tick; false when there is none (the follower steers).
  function leap(c, s) {
    const e = bot.entity;
    const p = e.position;
    let L = c.leap;
    if (!L) {
      if (!e.onGround || e.isInWater || s.climb !== 0 || s.speed <= 0) return false;
      const h = Math.hypot(s.heading[0], s.heading[1]);
      if (h === 0) return false;
      const d = Math.abs(s.heading[0]) >= Math.abs(s.heading[1]) ? [Math.sign(s.heading[0]), 0] : [0, Math.sign(s.heading[1])];
      if (Math.abs(s.heading[0] * d[0] + s.heading[1] * d[1]) / h < 0.9) return false;
      const f = standingOn(p);
      if (!f) return false;
      const g = gapAhead(f, d);
      if (!g) return false;
      // The route must land there: the target is on the landing's columns.
      // Over water (a body that falls short swims) a route that swims the
      // gap straight to the landing is leapt too, the way a player crosses
      // a pool (up to 3 columns: a running jump's reach), unless the goal
      // is in the water.
      const t = [Math.floor(s.target[0]), Math.floor(s.target[2])];
      const along = (t[0] - f.x) * d[0] + (t[1] - f.z) * d[1];
      const across = (t[0] - f.x) * d[1] - (t[1] - f.z) * d[0];
      const lands = along >= g.gap + 1 && along <= g.gap + g.land;
      const swims = g.water && along >= 1 && along <= g.gap && Math.floor(s.target[1]) < f.y
        && !waterGoal(c.goal, f, d, g.gap) && towards(c.goal, f, d, g.gap + 1);
      if (across !== 0 || !(lands || swims)) return false;
      L = c.leap = { ...g, swims: !lands, d, f, y: f.y, yaw: Math.atan2(-d[0], -d[1]), airborne: false, last: null, ticks: 0 };
    }
    // u: the body centre along the leap from the start block's centre.
    const u = (p.x - (L.f.x + 0.5)) * L.d[0] + (p.z - (L.f.z + 0.5)) * L.d[1];
    const v = L.last === null ? 0 : u - L.last;
    L.last = u;
    if (++L.ticks > 60 || e.isInWater || p.y < L.y - 1.5) {
      c.leap = null; // fell short, or took too long: the follower re-plans from where the body is
      return false;
    }
    bot.look(L.yaw, 0, true);
    const near = L.gap + 0.5; // the landing's near edge
    if (!L.airborne) {
      if (!e.onGround) {
        L.airborne = true;
      } else {
        bot.setControlState('forward', true);
        bot.setControlState('back', false);
        bot.setControlState('sprint', L.gap >= 2);
        bot.setControlState('jump', u + 1.2 * Math.max(v, 0) >= 0.7);
        return true;
      }
    }
    bot.setControlState('jump', false);
    if (!e.onGround) {
      // Steered on while the body would still land short of the first
      // landing block's centre; then held back, where the landing is one
      // block long (a longer one takes the run on).
      const h = e.velocity.x * L.d[0] + e.velocity.z * L.d[1];
      const run = L.gap >= 2 ? 0.026 : 0.02;
      const onward = landingU(u, h, p.y, e.velocity.y, L.y, run, -0.02);
      const brake = L.land === 1 && (L.braking || onward > near + 0.5);
      L.braking = brake;
      bot.setControlState('forward', !brake);
      bot.setControlState('sprint', !brake && L.gap >= 2);
      bot.setControlState('back', brake);
      return true;
    }
    // Landed: on a one-block landing, held back until nearly still.
    if (L.land === 1 && v > 0.02) {
      bot.setControlState('forward', false);
      bot.setControlState('sprint', false);
      bot.setControlState('back', true);
      return true;
    }
    bot.setControlState('back', false);
    c.leap = null;
    // Over water the route swam the gap: it is planned again from the landing.
    if (L.swims && c.follower) {
      c.replansBefore = stats.plans;
      c.follower = followerFor(c.goal);
    }
    return false;
  }

  // Each plan is capped so a tick never stalls the bot's event loop
  // (partial routes are followed and planned on).
  function followerFor(goal) {
    return new voxnav.Follower(navigator, goal.toVoxnav(navigator, bot), { maxNodes: 20000, ...(options.query || {}) });
  }

  function start(goal, dynamic, resolve, reject) {
    if (current) {
      bot.emit('path_reset', 'goal_updated');
      finish(fail('GoalChanged', 'a new goal replaced this one'));
    }
    if (ended !== null) {
      if (reject) reject(fail('BotEnded', `the bot has left the server (${ended})`));
      return;
    }
    if (goal.refresh) goal.refresh();
    // The follower is made on the first tick the world is there (worldReady).
    const follower = worldReady() ? followerFor(goal) : null;
    current = { goal, dynamic: !!dynamic, follower, resolve, reject, busy: false, reached: false, stuck: false,
      noPath: false, asked: new Map(), changes: new Set(), replansBefore: 0 };
    Object.assign(stats, { plans: 0, updates: 0, ms: 0, maxMs: 0 });
  }

  bot.voxnav = {
    world: mirror.world,
    get navigator() {
      return navigator;
    },
    mirror,
    goals,
    /** Walks to `goal`; resolves when reached, rejects with NoPath, a stop or a new goal. */
    goto(goal) {
      if (!(goal instanceof Goal)) return Promise.reject(new TypeError('goto takes a goal from voxnav/mineflayer goals'));
      return new Promise((resolve, reject) => start(goal, goal.dynamic, resolve, reject));
    },
    /**
     * Walks to `goal` without a promise (events only); null stops. A dynamic
     * goal (GoalFollow, or any goal with dynamic = true) is kept after it is
     * reached: the bot walks again when it no longer holds.
     */
    setGoal(goal, dynamic = false) {
      if (goal === null || goal === undefined) {
        this.stop();
        return;
      }
      if (!(goal instanceof Goal)) throw new TypeError('setGoal takes a goal from voxnav/mineflayer goals, or null');
      start(goal, dynamic || goal.dynamic, null, null);
    },
    /**
     * New capabilities (changes to PLAYER, as options.profile): the goal
     * being walked to is planned again with them (path_reset
     * 'movements_updated').
     */
    setProfile(changes) {
      navigator = new voxnav.Navigator(mirror.world, { ...PLAYER, ...(changes || {}) });
      if (!current) return;
      const c = current;
      bot.emit('path_reset', 'movements_updated');
      if (c.follower) c.follower = followerFor(c.goal);
      c.asked.clear();
    },
    /** Stops walking; a pending goto rejects. */
    stop() {
      if (!current) return;
      bot.emit('path_stop');
      finish(fail('PathStopped', 'stopped'));
    },
    isMoving: () => current !== null && !current.reached,
    /** Since the last goal was set: {plans, updates, ms, maxMs} (time in voxnav's follower [ms]). */
    stats,
    /** The goal being walked to, or null. */
    get goal() {
      return current ? current.goal : null;
    },
  };

  mirror.onChange = (what, x, z) => {
    if (current) current.changes.add(what);
  };
  bot.once('spawn', () => mirror.start());
  bot.on('physicsTick', tick);
  // A bot that quits, is kicked or loses its connection walks no more: the
  // walk ends and a pending goto rejects (BotEnded), as does any goto after.
  const leave = (why) => {
    if (ended === null) ended = why;
    if (current) finish(fail('BotEnded', `the bot left the server (${why}) before the goal was reached`));
  };
  bot.on('kicked', (reason) => leave(`kicked: ${typeof reason === 'string' ? reason : JSON.stringify(reason)}`));
  bot.on('end', (reason) => leave(`end: ${reason}`));
}

module.exports = { plugin, createPlugin, goals, PLAYER, Mirror };
