// SPDX-License-Identifier: MIT
'use strict';
// The mineflayer course's world, shared by the test (course.js) and the
// side-by-side benchmark (tools/mineflayer/side_by_side.js): a flying-squid
// server with a fixed spawn and a door handler, the course's blocks, and its
// goals with the check that says a bot arrived.
const path = require('path');
const fs = require('fs');
const os = require('os');
const { Vec3 } = require('vec3');

/** The real region the second server loads (PrismarineJS/prismarine-provider-anvil, MIT). */
const REGION = path.join(__dirname, '..', '..', 'worlds', 'samples', 'prismarine_1.21.1_r.0.0.mca');
/** The region server's spawn: a grass block near the beach. */
const REGION_SPAWN = [28, 63, 14];
/** The superflat server's spawn column (feet on the flat's top). */
const FLAT_SPAWN_XZ = [8, 8];

// flying-squid has no door or gate interaction: this handler makes
// bot.activateBlock open them (open only, never close: a bot that activates
// twice before the update arrives must not close the door again). A door's
// other half opens with it.
function openOnly(serv) {
  const Block = require('prismarine-block')(serv.registry);
  return async ({ block, player }) => {
    const props = block.getProperties();
    if (props.open === true || props.open === 'true') return true;
    const open = (b, p) => Block.fromProperties(b.name, { ...p, open: true }, 0).stateId;
    await serv.setBlock(player.world, block.position, open(block, props));
    if (props.half === 'lower' || props.half === 'upper') {
      const other = block.position.offset(0, props.half === 'lower' ? 1 : -1, 0);
      const b = await player.world.getBlock(other);
      if (b && b.name === block.name) await serv.setBlock(player.world, other, open(b, b.getProperties()));
    }
    return true;
  };
}

/**
 * A flying-squid server on 127.0.0.1 (offline, a temporary world folder,
 * view distance 3, the door handler), resolved once listening:
 * {serv, port, version, folder}. With `regionFile` the world is that Anvil
 * region (copied in as r.0.0.mca) and the spawn is REGION_SPAWN; else a
 * superflat world spawning at FLAT_SPAWN_XZ. The caller removes `folder`.
 */
function startServer(mcServer, version, regionFile) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'voxnav-squid-'));
  if (regionFile) {
    fs.mkdirSync(path.join(folder, 'region'));
    fs.copyFileSync(regionFile, path.join(folder, 'region', 'r.0.0.mca'));
  }
  const port = 20000 + Math.floor(Math.random() * 20000);
  const serv = mcServer.createMCServer({
    motd: 'voxnav test', port, host: '127.0.0.1', 'max-players': 4, 'online-mode': false, logging: false,
    gameMode: 0, difficulty: 0, worldFolder: folder, generation: { name: 'superflat', options: { worldHeight: 80 } },
    kickTimeout: 10000, plugins: {}, modpe: false, 'view-distance': 3, 'player-list-text': { header: '', footer: '' },
    'everybody-op': true, 'max-entities': 100, version,
  });
  // A fixed spawn (flying-squid picks a random one in 0..30).
  const original = serv.getSpawnPoint;
  serv.getSpawnPoint = async (world) => {
    if (regionFile) return new Vec3(...REGION_SPAWN);
    const p = await original(world);
    return new Vec3(FLAT_SPAWN_XZ[0], p.y, FLAT_SPAWN_XZ[1]);
  };
  return new Promise((resolve) => serv.on('listening', () => setTimeout(() => {
    for (const name of ['oak_door', 'oak_fence_gate', 'oak_trapdoor']) serv.onBlockInteraction(name, openOnly(serv));
    resolve({ serv, port, version, folder });
  }, 2500)));
}

/**
 * The course's blocks around the superflat spawn (x, y, z: the spawn's feet
 * block), as [x, y, z, stateId] for `registry` (the server's version).
 */
function courseBlocks(registry, x, y, z) {
  const Block = require('prismarine-block')(registry);
  const state = (name, props) => (props ? Block.fromProperties(name, props, 0).stateId : registry.blocksByName[name].defaultState);
  const stone = state('stone');
  const list = [];
  const put = (dx, dy, dz, st) => list.push([x + dx, y + dy, z + dz, st]);
  // A wall across the way, two high.
  for (let dz = -3; dz <= 3; ++dz) for (let dy = 0; dy < 2; ++dy) put(4, dy, dz, stone);
  // A one-high platform to jump onto.
  for (let dx = 8; dx <= 10; ++dx) for (let dz = 4; dz <= 6; ++dz) put(dx, 0, dz, stone);
  // Stairs up onto a one-high platform, then a bottom slab on it.
  put(12, 0, 1, state('oak_stairs', { facing: 'east', half: 'bottom', shape: 'straight', waterlogged: false }));
  for (let dx = 13; dx <= 15; ++dx) put(dx, 0, 1, stone);
  put(15, 1, 1, state('oak_slab', { type: 'bottom', waterlogged: false }));
  // A wall with a closed oak door, west of the spawn, and a fence with a
  // closed gate south of it.
  for (let dz = -3; dz <= 3; ++dz) for (let dy = 0; dy < 3; ++dy) put(-8, dy, dz, stone);
  put(-8, 0, 0, doorState(registry, 'lower', false));
  put(-8, 1, 0, doorState(registry, 'upper', false));
  const fence = (ew) => state('oak_fence', { east: ew, west: ew, north: !ew, south: !ew, waterlogged: false });
  for (let dx = -14; dx <= -10; ++dx) put(dx, 0, 8, fence(true));
  put(-12, 0, 8, state('oak_fence_gate', { facing: 'south', in_wall: false, open: false, powered: false }));
  for (let dz = 4; dz <= 12; ++dz) {
    if (dz === 8) continue;
    put(-15, 0, dz, fence(false));
    put(-9, 0, dz, fence(false));
  }
  // A block to stand beside.
  put(-4, 0, -4, stone);
  // A pool two deep (dx 0..6, dz -14..-8) around a one-block island.
  const water = state('water');
  for (let dx = 0; dx <= 6; ++dx) {
    for (let dz = -14; dz <= -8; ++dz) {
      if (dx === 3 && dz === -11) continue;
      put(dx, -1, dz, water);
      put(dx, -2, dz, water);
    }
  }
  // A three-by-three island (dx 12..14, dz -12..-10) in a trench two wide
  // and three deep: only a leap gets onto it (or off it).
  const air = state('air');
  for (let dx = 10; dx <= 16; ++dx) {
    for (let dz = -14; dz <= -8; ++dz) {
      if (dx >= 12 && dx <= 14 && dz >= -12 && dz <= -10) continue;
      for (let dy = -1; dy >= -3; --dy) put(dx, dy, dz, air);
    }
  }
  // A four-high wall east of the spawn with a ladder: the only way onto it.
  for (let dz = 10; dz <= 12; ++dz) for (let dy = 0; dy < 4; ++dy) put(20, dy, dz, stone);
  for (let dy = 0; dy < 4; ++dy) put(19, dy, 11, state('ladder', { facing: 'west', waterlogged: false }));
  // A closed dirt hut (dx -5..-3, dz -13..-11, three high) with one block
  // of room inside: only a bot that digs gets in.
  const dirt = state('dirt');
  for (let dx = -5; dx <= -3; ++dx) {
    for (let dz = -13; dz <= -11; ++dz) {
      for (let dy = 0; dy <= 2; ++dy) put(dx, dy, dz, dx === -4 && dz === -12 && dy < 2 ? air : dirt);
    }
  }
  // A one-wide parkour line east along dz = 17 over a pit three deep (dx
  // 0..12, dz 14..20): from the ground's edge at dx = -1, gaps of 1, 2, 1
  // and 2 blocks between one-block pillars at dx 1, 4, 6 and 9 (the last the
  // goal). Every other way onto the line is a gap of 3 or more.
  for (let dx = 0; dx <= 12; ++dx) {
    for (let dz = 14; dz <= 20; ++dz) {
      for (let dy = -1; dy >= -3; --dy) put(dx, dy, dz, PARKOUR_PILLARS.includes(dx) && dz === PARKOUR_DZ ? stone : air);
    }
  }
  return list;
}

/** The parkour line's pillars (dx from the spawn, along dz = PARKOUR_DZ): gaps of 1, 2, 1, 2 from the edge at dx = -1. */
const PARKOUR_PILLARS = [1, 4, 6, 9];
const PARKOUR_DZ = 17;

/** The course door's state (half 'lower' or 'upper'). */
function doorState(registry, half, open) {
  const Block = require('prismarine-block')(registry);
  return Block.fromProperties('oak_door', { facing: 'east', half, hinge: 'left', open, powered: false }, 0).stateId;
}

// A check: null when a bot whose feet stand at `p` (a Vec3) arrived, else why not.
const at = (x, y, z) => (p) => (p.floored().x === x && p.floored().z === z && Math.abs(p.y - y) < 0.01
  ? null : `ended elsewhere (${x} ${y} ${z} wanted)`);

/**
 * The course's goals in order, each {name, make(goals), check(p), start,
 * limit?}: `goals` is a goal module (voxnav/mineflayer's or
 * mineflayer-pathfinder's: both take the same arguments); `start` the feet
 * block where the previous goal ends (the benchmark puts the bot there
 * first, so a goal missed does not move the next one's start); `limit` [ms].
 */
function courseGoals(x, y, z) {
  return [
    { name: 'around a wall', make: (g) => new g.GoalBlock(x + 8, y, z + 1), check: at(x + 8, y, z + 1), start: [x, y, z] },
    { name: 'onto a block (a jump)', make: (g) => new g.GoalBlock(x + 9, y + 1, z + 5), check: at(x + 9, y + 1, z + 5), start: [x + 8, y, z + 1] },
    { name: 'up stairs onto a bottom slab', make: (g) => new g.GoalBlock(x + 15, y + 1, z + 1), check: at(x + 15, y + 1.5, z + 1), start: [x + 9, y + 1, z + 5] },
    { name: 'near a point across the wall', make: (g) => new g.GoalNear(x, y, z - 2, 2),
      check: (p) => (p.distanceTo(new Vec3(x + 0.5, y, z - 1.5)) <= 3 ? null : 'not near'), start: [x + 15, y + 1.5, z + 1] },
    { name: 'a column', make: (g) => new g.GoalXZ(x + 2, z + 6),
      check: (p) => (p.floored().x === x + 2 && p.floored().z === z + 6 ? null : 'not in the column'), start: [x, y, z - 2] },
    { name: 'beside a block', make: (g) => new g.GoalGetToBlock(x - 4, y, z - 4), check: (p) => {
      const f = p.floored();
      return Math.abs(f.x - (x - 4)) + Math.abs(f.z - (z - 4)) === 1 ? null : 'not beside the block';
    }, start: [x + 2, y, z + 6] },
    { name: 'through a closed oak door', make: (g) => new g.GoalBlock(x - 12, y, z), check: at(x - 12, y, z), start: [x - 3, y, z - 4] },
    { name: 'through a closed fence gate', make: (g) => new g.GoalBlock(x - 12, y, z + 11), check: at(x - 12, y, z + 11), start: [x - 12, y, z] },
    { name: 'back out through the gate', make: (g) => new g.GoalBlock(x - 10, y, z), check: at(x - 10, y, z), start: [x - 12, y, z + 11] },
    { name: 'through the door (closed mid-walk in the test)', make: (g) => new g.GoalBlock(x - 4, y, z), check: at(x - 4, y, z), start: [x - 10, y, z] },
    { name: 'swimming to an island in a pool', make: (g) => new g.GoalBlock(x + 3, y, z - 11), check: at(x + 3, y, z - 11), start: [x - 4, y, z] },
    { name: 'leaping a two-wide trench onto an island', make: (g) => new g.GoalBlock(x + 13, y, z - 11), check: at(x + 13, y, z - 11), start: [x + 3, y, z - 11] },
    { name: 'up a ladder onto a wall', make: (g) => new g.GoalBlock(x + 20, y + 4, z + 11), check: at(x + 20, y + 4, z + 11), start: [x + 13, y, z - 11] },
    // Last: a bot that falls into the pit stays there. Judged by the body
    // (parkourJudge), not only where it ends.
    { name: 'parkour: gaps of 1, 2, 1, 2 over a pit', make: (g) => new g.GoalBlock(x + 9, y, z + PARKOUR_DZ),
      check: at(x + 9, y, z + PARKOUR_DZ), start: [x - 4, y, z + PARKOUR_DZ], parkour: true },
  ];
}

/** The region's goals in order (from REGION_SPAWN), as courseGoals. */
function regionGoals() {
  const [sx, sy, sz] = REGION_SPAWN;
  return [
    { name: 'region: up a hill', make: (g) => new g.GoalBlock(52, 67, 26), check: at(52, 67, 26), start: [sx, sy, sz] },
    { name: 'region: among the trees', make: (g) => new g.GoalBlock(52, 66, 32), check: at(52, 66, 32), start: [52, 67, 26] },
    { name: 'region: across the water', make: (g) => new g.GoalBlock(10, 63, 2), check: at(10, 63, 2), start: [52, 66, 32], limit: 60000 },
    { name: 'region: back near the spawn', make: (g) => new g.GoalNear(sx, sy, sz, 1),
      check: (q) => (q.distanceTo(new Vec3(sx + 0.5, sy, sz + 0.5)) <= 2 ? null : 'not near the spawn'), start: [10, 63, 2] },
  ];
}

/**
 * Watches a bot's body on the parkour line (x, y, z: the spawn's feet
 * block), every physics tick: which pillars it stood on (on the ground, feet
 * in the pillar's column at the line's height) and whether it fell below
 * the line (feet more than 0.6 under it: into the pit). stop() ends the
 * watch and gives {stood: [dx...], fell: null | [x, y, z], crossed: gaps
 * crossed in order, why: null when every gap was crossed and the body never
 * fell}.
 */
function parkourJudge(bot, x, y, z) {
  const stood = [];
  let fell = null;
  const watch = () => {
    const p = bot.entity.position;
    if (!fell && p.y < y - 0.6 && Math.abs(p.z - (z + PARKOUR_DZ + 0.5)) < 4 && p.x > x - 0.5 && p.x < x + 13) fell = [p.x, p.y, p.z];
    if (!bot.entity.onGround || Math.abs(p.y - y) > 0.01) return;
    const f = p.floored();
    const dx = f.x - x;
    if (f.z === z + PARKOUR_DZ && PARKOUR_PILLARS.includes(dx) && !stood.includes(dx)) stood.push(dx);
  };
  bot.on('physicsTick', watch);
  return {
    stop() {
      bot.removeListener('physicsTick', watch);
      let crossed = 0;
      while (crossed < PARKOUR_PILLARS.length && stood[crossed] === PARKOUR_PILLARS[crossed]) ++crossed;
      const why = fell ? `fell into the pit at ${fell.map((v) => v.toFixed(2)).join(' ')} after ${crossed} of 4 gaps`
        : crossed < PARKOUR_PILLARS.length ? `crossed ${crossed} of 4 gaps (stood on pillars ${stood.join(', ') || 'none'})` : null;
      return { stood, fell, crossed, why };
    },
  };
}

module.exports = { REGION, REGION_SPAWN, startServer, courseBlocks, doorState, courseGoals, regionGoals, at, parkourJudge, PARKOUR_PILLARS };
