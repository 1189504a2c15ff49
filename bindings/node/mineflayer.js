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
// controls: walk, jump, sprint for leaps, ladders, water, doors opened with
// bot.activateBlock.
//
// So far (issue 38): mirroring; GoalBlock, GoalNear, GoalXZ, GoalNearXZ,
// GoalY, GoalGetToBlock, GoalCompositeAny, GoalInvert (flee); goto, stop and
// the events goal_reached, path_update, path_reset and path_stop. Not yet:
// GoalFollow, setGoal(goal, dynamic), digging and placing.
const voxnav = require('./index');

// --- goals: the classes mineflayer-pathfinder users write ----------------------

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
    Object.assign(this, { x: Math.floor(x), y: Math.floor(y), z: Math.floor(z) });
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
    Object.assign(this, { x: Math.floor(x), y: Math.floor(y), z: Math.floor(z), range });
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
    Object.assign(this, { x: Math.floor(x), z: Math.floor(z) });
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
    Object.assign(this, { x: Math.floor(x), z: Math.floor(z), range });
  }
  // Every column within range: a near goal per column would be many; the
  // columns within range as "any of" column goals.
  toVoxnav() {
    const list = [];
    const r = Math.floor(this.range);
    for (let dx = -r; dx <= r; ++dx) {
      for (let dz = -r; dz <= r; ++dz) {
        if (dx * dx + dz * dz <= this.range * this.range) list.push(voxnav.goals.column(this.x + dx, this.z + dz));
      }
    }
    return list;
  }
  isEnd(x, y, z) {
    const dx = x - this.x, dz = z - this.z;
    return dx * dx + dz * dz <= this.range * this.range;
  }
}

class GoalY extends Goal {
  constructor(y) {
    super();
    this.y = Math.floor(y);
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
    Object.assign(this, { x: Math.floor(x), y: Math.floor(y), z: Math.floor(z) });
  }
  toVoxnav() {
    return voxnav.goals.touch(this.x, this.y, this.z);
  }
  isEnd(x, y, z) {
    const dx = Math.abs(x - this.x), dy = y - this.y, dz = Math.abs(z - this.z);
    return dx + dz === 1 && (dy === 0 || dy === -1);
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

const goals = { Goal, GoalBlock, GoalNear, GoalXZ, GoalNearXZ, GoalY, GoalGetToBlock, GoalCompositeAny, GoalInvert };

// --- the mirror: the bot's chunks in a voxnav World ----------------------------------

class Mirror {
  constructor(bot) {
    this.bot = bot;
    this.world = new voxnav.World();
    this.ids = new Map(); // state id -> voxnav block id
    this.columns = new Set(); // "cx,cz" of mirrored columns
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
    const cx = x >> 4, cz = z >> 4;
    const { minY, maxY } = this.heights();
    const ids = new Uint16Array(4096);
    const pos = { x: 0, y: 0, z: 0 };
    for (let sy = minY >> 4; sy < maxY >> 4; ++sy) {
      for (let ly = 0; ly < 16; ++ly) {
        pos.y = sy * 16 + ly;
        for (let lz = 0; lz < 16; ++lz) {
          pos.z = lz;
          for (let lx = 0; lx < 16; ++lx) {
            pos.x = lx;
            ids[lx + 16 * (lz + 16 * ly)] = this.idOf(column.getBlockStateId(pos), () => column.getBlock(pos));
          }
        }
      }
      this.world.setChunk(cx, sy, cz, ids);
    }
    this.columns.add(`${cx},${cz}`);
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
  }

  start() {
    const bot = this.bot;
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

function plugin(bot, options = {}) {
  const mirror = new Mirror(bot);
  const profile = { ...voxnav.profiles.player, ...(options.profile || {}) };
  const navigator = new voxnav.Navigator(mirror.world, profile);
  let current = null; // {goal, follower, resolve, reject}
  const opening = new Map(); // "x,y,z" -> time asked

  function stopControls() {
    for (const c of ['forward', 'back', 'left', 'right', 'jump', 'sprint', 'sneak']) bot.setControlState(c, false);
  }

  function finish(err) {
    const c = current;
    current = null;
    stopControls();
    if (!c) return;
    if (err) c.reject(err);
    else c.resolve();
  }

  function feetOf() {
    const p = bot.entity.position;
    return [p.x, p.y, p.z];
  }

  function tick() {
    if (!current) return;
    const e = bot.entity;
    const s = current.follower.update({
      feet: feetOf(),
      velocity: [e.velocity.x * 20, e.velocity.y * 20, e.velocity.z * 20],
      onGround: e.onGround,
      inLiquid: !!(e.isInWater || e.isInLava),
      onClimbable: climbable(bot.blockAt(e.position.floored())),
    }, Date.now() / 1000);
    const p = e.position.floored();
    if (s.status === 'arrived' || current.goal.endsWalkAt(p.x, p.y, p.z)) {
      bot.emit('goal_reached', current.goal);
      finish();
      return;
    }
    if (s.status === 'no_path' || s.status === 'failed') {
      bot.emit('path_update', { status: 'noPath', why: s.why });
      const err = new Error(`voxnav: no route to the goal: ${s.why}`);
      err.name = 'NoPath';
      finish(err);
      return;
    }
    if (s.status === 'replanning') bot.emit('path_reset', 'replan');
    if (s.open) {
      const key = s.open.join(',');
      const asked = opening.get(key);
      if (asked === undefined || Date.now() - asked > 1000) {
        opening.set(key, Date.now());
        const Vec3 = e.position.constructor;
        const block = bot.blockAt(new Vec3(s.open[0], s.open[1], s.open[2]));
        if (block) bot.activateBlock(block).catch(() => {});
      }
      stopControls();
      return;
    }
    const Vec3 = e.position.constructor;
    const target = new Vec3(s.target[0], e.position.y + bot.entity.height * 0.9, s.target[2]);
    bot.lookAt(target, true);
    bot.setControlState('forward', s.speed > 0 && Math.hypot(s.heading[0], s.heading[1]) > 0);
    bot.setControlState('jump', !!s.jump || s.climb > 0);
    bot.setControlState('sprint', !!s.sprint);
  }

  bot.voxnav = {
    world: mirror.world,
    navigator,
    mirror,
    goals,
    /** Walks to `goal`; resolves when reached, rejects with NoPath or a stop. */
    goto(goal) {
      if (!(goal instanceof Goal)) return Promise.reject(new TypeError('goto takes a goal from voxnav/mineflayer goals'));
      if (current) {
        bot.emit('path_reset', 'goal_updated');
        finish(Object.assign(new Error('voxnav: a new goal replaced this one'), { name: 'GoalChanged' }));
      }
      return new Promise((resolve, reject) => {
        // Each plan is capped so a tick never stalls the bot's event loop
        // (partial routes are followed and planned on).
        const query = { maxNodes: 20000, ...(options.query || {}) };
        const follower = new voxnav.Follower(navigator, goal.toVoxnav(navigator, bot), query);
        current = { goal, follower, resolve, reject };
        bot.emit('path_update', { status: 'success' });
      });
    },
    /** Stops walking; a pending goto rejects. */
    stop() {
      if (!current) return;
      bot.emit('path_stop');
      finish(Object.assign(new Error('voxnav: stopped'), { name: 'PathStopped' }));
    },
    isMoving: () => current !== null,
  };

  bot.once('spawn', () => mirror.start());
  bot.on('physicsTick', tick);
}

module.exports = { plugin, goals, Mirror };
