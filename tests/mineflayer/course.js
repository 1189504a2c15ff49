'use strict';
// voxnav's mineflayer plugin on a real server: flying-squid (npm) on
// 127.0.0.1, offline mode, a temporary superflat world; a mineflayer bot with
// real client physics (prismarine-physics) loads the plugin and walks to
// each goal of a course the server builds: around a wall, up onto a block,
// up stairs and onto a bottom slab, near a point, to a column, beside a
// block, through a closed oak door and a closed fence gate it opens with
// bot.activateBlock (the server's door handler below). Every goal not
// reached in time is a failure. Then back through the door while the
// server closes it mid-walk, swimming to an island in a pool, leaping a
// two-wide trench onto another, up a ladder onto a wall, any of two goals
// and away from a point. Then a second server on 1.21.1 whose world is the
// real region worlds/samples/prismarine_1.21.1_r.0.0.mca (PrismarineJS,
// MIT): up a hill, among the trees, across the water, back, and following a
// second bot (GoalFollow, set with setGoal(goal, true)) as it walks.
// Writes the results as JSON (argv[2]).
//   node course.js RESULTS.json   (VOXNAV_NODE_ADDON: the built addon)
const path = require('path');
const fs = require('fs');
const os = require('os');
const mcServer = require('flying-squid');
const mineflayer = require('mineflayer');
const { Vec3 } = require('vec3');
const { plugin, goals } = require(path.join(__dirname, '..', '..', 'bindings', 'node', 'mineflayer'));

const out = process.argv[2] || 'mineflayer_results.json';
const region = path.join(__dirname, '..', '..', 'worlds', 'samples', 'prismarine_1.21.1_r.0.0.mca');
const folders = [];
const results = { server: 'flying-squid 1.12.0', client: 'mineflayer 4.25.0', goals: [] };
let failed = 0;

function finish(code) {
  results.failed = failed;
  results.arrived = results.goals.filter((g) => g.arrived).length;
  fs.writeFileSync(out, JSON.stringify(results, null, 2));
  for (const f of folders) fs.rmSync(f, { recursive: true, force: true });
  console.log(`${results.arrived} of ${results.goals.length} goals reached; results: ${out}`);
  process.exit(code);
}
setTimeout(() => {
  console.log('FAIL: the whole course took more than 270 s');
  ++failed;
  finish(1);
}, 270000).unref();

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

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
 * view distance 3, the door handler). `spawn(original)` gives the fixed
 * spawn point; `regionFile`: an Anvil region to copy in as r.0.0.mca.
 */
function startServer(version, spawn, regionFile) {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'voxnav-squid-'));
  folders.push(folder);
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
  const original = serv.getSpawnPoint;
  serv.getSpawnPoint = async (world) => spawn(await original(world));
  return new Promise((resolve) => serv.on('listening', () => setTimeout(() => {
    for (const name of ['oak_door', 'oak_fence_gate', 'oak_trapdoor']) serv.onBlockInteraction(name, openOnly(serv));
    resolve({ serv, port, version });
  }, 2500)));
}

/** A mineflayer bot with voxnav's plugin, resolved once spawned and its chunks mirrored. */
function connect({ port, version }, username) {
  const bot = mineflayer.createBot({ host: '127.0.0.1', port, username, version, auth: 'offline' });
  bot.loadPlugin(plugin);
  bot.on('kicked', (r) => {
    if (bot.leaving) return;
    console.log(`FAIL: ${username} kicked: ${r}`);
    ++failed;
    finish(1);
  });
  bot.on('error', (e) => {
    if (bot.leaving) return;
    console.log(`FAIL: ${username}: bot error: ${e.message}`);
    ++failed;
    finish(1);
  });
  const resets = {};
  bot.on('path_reset', (why) => {
    resets[why] = (resets[why] || 0) + 1;
  });
  bot.resetsSeen = resets;
  bot.leave = () => {
    bot.leaving = true;
    bot.quit();
  };
  return new Promise((resolve) => bot.once('spawn', () => setTimeout(() => resolve(bot), 1500)));
}

async function place(serv, x, y, z, state) {
  await serv.setBlock(serv.overworld, new Vec3(x, y, z), state);
}

// Resolves when the bot's own world shows `name` at (x, y, z) (the update arrived).
async function seen(bot, x, y, z, name) {
  for (let i = 0; i < 100; ++i) {
    const b = bot.blockAt(new Vec3(x, y, z));
    if (b && b.name === name) return;
    await sleep(20);
  }
  throw new Error(`the bot never saw ${name} at ${x} ${y} ${z}`);
}

function record(entry, bot, why) {
  const p = bot.entity.position;
  entry.end = [p.x, p.y, p.z];
  entry.arrived = !why;
  if (why) {
    entry.error = why;
    ++failed;
    console.log(`FAIL  ${entry.name}: ${why} (at ${p.x.toFixed(2)} ${p.y.toFixed(2)} ${p.z.toFixed(2)})`);
  } else {
    console.log(`ok    ${entry.name}: ${entry.ms} ms, at ${p.x.toFixed(2)} ${p.y.toFixed(2)} ${p.z.toFixed(2)}` +
      (Object.keys(entry.path_resets).length ? `, re-plans ${JSON.stringify(entry.path_resets)}` : ''));
  }
  results.goals.push(entry);
}

async function reach(bot, name, goal, check, limit = 30000) {
  const t0 = Date.now();
  const entry = { name, goal: goal.constructor.name, path_resets: {} };
  for (const k of Object.keys(bot.resetsSeen)) delete bot.resetsSeen[k];
  let why = null;
  let timer = null;
  try {
    await Promise.race([
      bot.voxnav.goto(goal),
      new Promise((resolve, reject) => {
        timer = setTimeout(() => {
          bot.voxnav.stop();
          reject(new Error(`not reached in ${limit / 1000} s`));
        }, limit);
      }),
    ]);
    entry.ms = Date.now() - t0;
    why = check ? check(bot.entity.position) : null;
  } catch (e) {
    why = e.message;
  }
  clearTimeout(timer);
  Object.assign(entry.path_resets, bot.resetsSeen);
  record(entry, bot, why);
  await sleep(300);
}

const at = (x, y, z) => (p) => (p.floored().x === x && p.floored().z === z && Math.abs(p.y - y) < 0.01
  ? null : `ended elsewhere (${x} ${y} ${z} wanted)`);

// --- the course on a superflat 1.16.5 world ---------------------------------------

async function course() {
  const server = await startServer('1.16.5', (p) => new Vec3(8, p.y, 8));
  const { serv } = server;
  const bot = await connect(server, 'voxnav_walker');
  const s = bot.entity.position.floored();
  const { x, y, z } = s;
  results.spawn = [x, y, z];
  results.mirrored = bot.voxnav.world.info();
  const Block = require('prismarine-block')(bot.registry);
  const state = (name, props) => (props ? Block.fromProperties(name, props, 0).stateId : bot.registry.blocksByName[name].defaultState);
  const stone = state('stone');
  const air = state('air');
  const put = (dx, dy, dz, st) => place(serv, x + dx, y + dy, z + dz, st);
  // A wall across the way, two high.
  for (let dz = -3; dz <= 3; ++dz) for (let dy = 0; dy < 2; ++dy) await put(4, dy, dz, stone);
  // A one-high platform to jump onto.
  for (let dx = 8; dx <= 10; ++dx) for (let dz = 4; dz <= 6; ++dz) await put(dx, 0, dz, stone);
  // Stairs up onto a one-high platform, then a bottom slab on it.
  await put(12, 0, 1, state('oak_stairs', { facing: 'east', half: 'bottom', shape: 'straight', waterlogged: false }));
  for (let dx = 13; dx <= 15; ++dx) await put(dx, 0, 1, stone);
  await put(15, 1, 1, state('oak_slab', { type: 'bottom', waterlogged: false }));
  // A wall with a closed oak door, west of the spawn, and a fence with a
  // closed gate south of it.
  const doorHalf = (half, open) => state('oak_door', { facing: 'east', half, hinge: 'left', open, powered: false });
  for (let dz = -3; dz <= 3; ++dz) for (let dy = 0; dy < 3; ++dy) await put(-8, dy, dz, stone);
  await put(-8, 0, 0, doorHalf('lower', false));
  await put(-8, 1, 0, doorHalf('upper', false));
  const fence = (ew) => state('oak_fence', { east: ew, west: ew, north: !ew, south: !ew, waterlogged: false });
  for (let dx = -14; dx <= -10; ++dx) await put(dx, 0, 8, fence(true));
  await put(-12, 0, 8, state('oak_fence_gate', { facing: 'south', in_wall: false, open: false, powered: false }));
  for (let dz = 4; dz <= 12; ++dz) {
    if (dz === 8) continue;
    await put(-15, 0, dz, fence(false));
    await put(-9, 0, dz, fence(false));
  }
  // A block to stand beside.
  await put(-4, 0, -4, stone);
  // A pool two deep (dx 0..6, dz -14..-8) around a one-block island.
  const water = state('water');
  for (let dx = 0; dx <= 6; ++dx) {
    for (let dz = -14; dz <= -8; ++dz) {
      if (dx === 3 && dz === -11) continue;
      await put(dx, -1, dz, water);
      await put(dx, -2, dz, water);
    }
  }
  // A three-by-three island (dx 12..14, dz -12..-10) in a trench two wide
  // and three deep: only a leap gets onto it (or off it).
  for (let dx = 10; dx <= 16; ++dx) {
    for (let dz = -14; dz <= -8; ++dz) {
      if (dx >= 12 && dx <= 14 && dz >= -12 && dz <= -10) continue;
      for (let dy = -1; dy >= -3; --dy) await put(dx, dy, dz, air);
    }
  }
  // A four-high wall east of the spawn with a ladder: the only way onto it.
  for (let dz = 10; dz <= 12; ++dz) for (let dy = 0; dy < 4; ++dy) await put(20, dy, dz, stone);
  for (let dy = 0; dy < 4; ++dy) await put(19, dy, 11, state('ladder', { facing: 'west', waterlogged: false }));
  await seen(bot, x + 19, y + 3, z + 11, 'ladder');
  await seen(bot, x + 15, y + 1, z + 1, 'oak_slab');

  await reach(bot, 'around a wall', new goals.GoalBlock(x + 8, y, z + 1), at(x + 8, y, z + 1));
  await reach(bot, 'onto a block (a jump)', new goals.GoalBlock(x + 9, y + 1, z + 5), at(x + 9, y + 1, z + 5));
  await reach(bot, 'up stairs onto a bottom slab', new goals.GoalBlock(x + 15, y + 1, z + 1), at(x + 15, y + 1.5, z + 1));
  await reach(bot, 'near a point across the wall', new goals.GoalNear(x, y, z - 2, 2),
    (p) => (p.distanceTo(new Vec3(x + 0.5, y, z - 1.5)) <= 3 ? null : 'not near'));
  await reach(bot, 'a column', new goals.GoalXZ(x + 2, z + 6),
    (p) => (p.floored().x === x + 2 && p.floored().z === z + 6 ? null : 'not in the column'));
  await reach(bot, 'beside a block', new goals.GoalGetToBlock(x - 4, y, z - 4), (p) => {
    const f = p.floored();
    return Math.abs(f.x - (x - 4)) + Math.abs(f.z - (z - 4)) === 1 ? null : 'not beside the block';
  });
  const isOpen = (dx, dy, dz) => {
    const b = bot.blockAt(new Vec3(x + dx, y + dy, z + dz));
    return !!(b && b.getProperties().open);
  };
  await reach(bot, 'through a closed oak door', new goals.GoalBlock(x - 12, y, z), (p) => at(x - 12, y, z)(p)
    || (isOpen(-8, 0, 0) ? null : 'the door is not open after the walk through it'));
  results.door_open_after = isOpen(-8, 0, 0);
  await reach(bot, 'through a closed fence gate', new goals.GoalBlock(x - 12, y, z + 11), (p) => at(x - 12, y, z + 11)(p)
    || (isOpen(-12, 0, 8) ? null : 'the gate is not open after the walk through it'));
  results.gate_open_after = isOpen(-12, 0, 8);
  await reach(bot, 'back out through the gate', new goals.GoalBlock(x - 10, y, z), at(x - 10, y, z));
  // The server closes the (open) door when the bot is 2.5 blocks from it.
  let closedAt = null;
  const watch = setInterval(() => {
    const d = bot.entity.position.distanceTo(new Vec3(x - 7.5, y, z + 0.5));
    if (closedAt === null && d < 2.5) {
      closedAt = d;
      place(serv, x - 8, y, z, doorHalf('lower', false));
      place(serv, x - 8, y + 1, z, doorHalf('upper', false));
    }
  }, 20);
  await reach(bot, 'through the door the server closes mid-walk', new goals.GoalBlock(x - 4, y, z), (p) => at(x - 4, y, z)(p)
    || (closedAt === null ? 'the door was never closed' : null)
    || (isOpen(-8, 0, 0) ? null : 'the door is not open after the walk'));
  clearInterval(watch);
  results.door_closed_mid_walk_at = closedAt;
  await reach(bot, 'swimming to an island in a pool', new goals.GoalBlock(x + 3, y, z - 11), at(x + 3, y, z - 11));
  await reach(bot, 'leaping a two-wide trench onto an island', new goals.GoalBlock(x + 13, y, z - 11), at(x + 13, y, z - 11));
  await reach(bot, 'up a ladder onto a wall', new goals.GoalBlock(x + 20, y + 4, z + 11), at(x + 20, y + 4, z + 11));
  // Any of two goals: the nearer one.
  const here = bot.entity.position.floored();
  await reach(bot, 'any of two goals (the nearer)', new goals.GoalCompositeAny([
    new goals.GoalBlock(here.x - 2, y, here.z - 1), new goals.GoalBlock(here.x - 24, y, here.z)]),
  (p) => (p.floored().x === here.x - 2 && p.floored().z === here.z - 1 ? null : 'not at the nearer goal'));
  // Away from a point: beyond 6 blocks of where the bot stands.
  const from = bot.entity.position.floored().offset(0.5, 0, 0.5);
  await reach(bot, 'away from a point (GoalInvert)', new goals.GoalInvert(new goals.GoalNear(from.x, from.y, from.z, 6)),
    (p) => (p.distanceTo(from) > 6 ? null : `only ${p.distanceTo(from).toFixed(2)} away`));
  bot.leave();
  serv.quit();
}

// A second bot walks from the spawn up the hill and among the trees; the
// walker follows it (setGoal(new GoalFollow(entity, 2), true)) and must be
// within 3 blocks of it once it stops. On this server: flying-squid 1.12
// spawns players for 1.20.2+ clients as entity type 0 (an allay) but at the
// right place, so the walker finds the leader by its entity id; on 1.16.5
// the pinned mineflayer drops the spawn (its player_info reading does not
// match the pinned minecraft-data) and the entity's position is wrong.
async function follow(server, bot, stops) {
  const leader = await connect(server, 'voxnav_leader');
  const t0 = Date.now();
  const entry = { name: 'region: following another bot (GoalFollow)', goal: 'GoalFollow', path_resets: {} };
  for (const k of Object.keys(bot.resetsSeen)) delete bot.resetsSeen[k];
  let why = null;
  let reached = 0;
  const count = () => ++reached;
  bot.on('goal_reached', count);
  try {
    let entity = null;
    for (let i = 0; i < 100 && !entity; ++i, await sleep(20)) entity = bot.entities[leader.entity.id];
    if (!entity) throw new Error('the walker never saw the leader');
    bot.voxnav.setGoal(new goals.GoalFollow(entity, 2), true);
    for (const [x, y, z] of stops) await leader.voxnav.goto(new goals.GoalBlock(x, y, z));
    const lp = leader.entity.position;
    for (let i = 0; i < 150 && bot.entity.position.distanceTo(lp) > 3; ++i) await sleep(100);
    const d = bot.entity.position.distanceTo(lp);
    entry.ms = Date.now() - t0;
    entry.leader_end = [lp.x, lp.y, lp.z];
    entry.distance = d;
    if (d > 3) why = `${d.toFixed(2)} blocks from the leader 15 s after it stopped`;
    else if (!bot.voxnav.goal) why = 'the dynamic goal was dropped';
  } catch (e) {
    why = e.message;
  }
  bot.voxnav.setGoal(null);
  bot.removeListener('goal_reached', count);
  entry.goal_reached_events = reached;
  Object.assign(entry.path_resets, bot.resetsSeen);
  record(entry, bot, why);
  leader.leave();
}

// --- the real region on a 1.21.1 server -------------------------------------------------

async function realRegion() {
  // The spawn: a grass block near the region's beach.
  const server = await startServer('1.21.1', () => new Vec3(28, 63, 14), region);
  const bot = await connect(server, 'voxnav_region');
  results.region = { file: 'worlds/samples/prismarine_1.21.1_r.0.0.mca', version: '1.21.1', mirrored: bot.voxnav.world.info() };
  const p = bot.entity.position.floored();
  if (p.x !== 28 || p.y !== 63 || p.z !== 14) {
    ++failed;
    console.log(`FAIL  the region bot spawned at ${p}, not 28 63 14`);
  }
  await reach(bot, 'region: up a hill', new goals.GoalBlock(52, 67, 26), at(52, 67, 26));
  await reach(bot, 'region: among the trees', new goals.GoalBlock(52, 66, 32), at(52, 66, 32));
  await reach(bot, 'region: across the water', new goals.GoalBlock(10, 63, 2), at(10, 63, 2), 60000);
  await reach(bot, 'region: back near the spawn', new goals.GoalNear(28, 63, 14, 1),
    (q) => (q.distanceTo(new Vec3(28.5, 63, 14.5)) <= 2 ? null : 'not near the spawn'));
  await follow(server, bot, [[52, 67, 26], [52, 66, 32]]);
  bot.leave();
  server.serv.quit();
}

(async () => {
  try {
    await course();
    await realRegion();
    finish(failed ? 1 : 0);
  } catch (e) {
    console.log(`FAIL: ${e.stack}`);
    ++failed;
    finish(1);
  }
})();
