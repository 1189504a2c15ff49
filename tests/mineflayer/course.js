'use strict';
// voxnav's mineflayer plugin on a real server: flying-squid (npm) on
// 127.0.0.1, offline mode, a temporary superflat world; a mineflayer bot with
// real client physics (prismarine-physics) loads the plugin and walks to
// each goal of a course the server builds: around a wall, up onto a block,
// up stairs and onto a bottom slab, near a point, to a column, beside a
// block, through a closed oak door and a closed fence gate it opens with
// bot.activateBlock (the server's door handler below). Every goal not
// reached in time is a failure. Writes the results as JSON (argv[2]).
// Then any of two goals and away from a point. Still to come (issue 38):
// ladders, water, leaps, a door closed mid-walk, a bot following another
// and the real region.
//   node course.js RESULTS.json   (VOXNAV_NODE_ADDON: the built addon)
const path = require('path');
const fs = require('fs');
const os = require('os');
const mcServer = require('flying-squid');
const mineflayer = require('mineflayer');
const { Vec3 } = require('vec3');
const { plugin, goals } = require(path.join(__dirname, '..', '..', 'bindings', 'node', 'mineflayer'));

const out = process.argv[2] || 'mineflayer_results.json';
const version = '1.16.5';
const port = 20000 + Math.floor(Math.random() * 20000);
const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'voxnav-squid-'));
const results = { server: 'flying-squid 1.12.0', client: 'mineflayer 4.25.0', version, goals: [] };
let failed = 0;

function finish(code) {
  results.failed = failed;
  fs.writeFileSync(out, JSON.stringify(results, null, 2));
  fs.rmSync(folder, { recursive: true, force: true });
  console.log(`results: ${out}`);
  process.exit(code);
}
setTimeout(() => {
  console.log('FAIL: the whole course took more than 240 s');
  ++failed;
  finish(1);
}, 240000).unref();

const serv = mcServer.createMCServer({
  motd: 'voxnav test', port, host: '127.0.0.1', 'max-players': 4, 'online-mode': false, logging: false,
  gameMode: 0, difficulty: 0, worldFolder: folder, generation: { name: 'superflat', options: { worldHeight: 80 } },
  kickTimeout: 10000, plugins: {}, modpe: false, 'view-distance': 3, 'player-list-text': { header: '', footer: '' },
  'everybody-op': true, 'max-entities': 100, version,
});

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

// flying-squid has no door or gate interaction: this handler makes
// bot.activateBlock open them (open only, never close: a bot that activates
// twice before the update arrives must not close the door again). A door's
// other half opens with it.
function openOnly(registry) {
  const Block = require('prismarine-block')(registry);
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

async function place(bot, x, y, z, state) {
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

async function reach(bot, name, goal, check) {
  const t0 = Date.now();
  const entry = { name, goal: goal.constructor.name };
  try {
    await Promise.race([
      bot.voxnav.goto(goal),
      sleep(30000).then(() => {
        bot.voxnav.stop();
        throw new Error('not reached in 30 s');
      }),
    ]);
    const p = bot.entity.position;
    entry.end = [p.x, p.y, p.z];
    entry.ms = Date.now() - t0;
    const why = check ? check(p) : null;
    if (why) throw new Error(why);
    entry.arrived = true;
    console.log(`ok    ${name}: ${entry.ms} ms, at ${p.x.toFixed(2)} ${p.y.toFixed(2)} ${p.z.toFixed(2)}`);
  } catch (e) {
    entry.arrived = false;
    entry.error = e.message;
    const p = bot.entity.position;
    entry.end = [p.x, p.y, p.z];
    ++failed;
    console.log(`FAIL  ${name}: ${e.message} (at ${p.x.toFixed(2)} ${p.y.toFixed(2)} ${p.z.toFixed(2)})`);
  }
  results.goals.push(entry);
  await sleep(300);
}

serv.on('listening', () => setTimeout(() => {
  for (const name of ['oak_door', 'oak_fence_gate', 'oak_trapdoor']) serv.onBlockInteraction(name, openOnly(serv.registry));
  const bot = mineflayer.createBot({ host: '127.0.0.1', port, username: 'voxnav_walker', version, auth: 'offline' });
  bot.loadPlugin(plugin);
  bot.on('kicked', (r) => {
    console.log(`FAIL: kicked: ${r}`);
    ++failed;
    finish(1);
  });
  bot.on('error', (e) => {
    console.log(`FAIL: bot error: ${e.message}`);
    ++failed;
    finish(1);
  });
  bot.once('spawn', async () => {
    try {
      await sleep(1500);
      const s = bot.entity.position.floored();
      const { x, y, z } = s;
      results.spawn = [x, y, z];
      results.mirrored = bot.voxnav.world.info();
      const state = (name, props) => {
        const b = bot.registry.blocksByName[name];
        if (!props) return b.defaultState;
        const Block = require('prismarine-block')(bot.registry);
        return Block.fromProperties(name, props, 0).stateId;
      };
      const stone = state('stone');
      // A wall across the way, two high.
      for (let dz = -3; dz <= 3; ++dz) for (let dy = 0; dy < 2; ++dy) await place(bot, x + 4, y + dy, z + dz, stone);
      // A one-high platform to jump onto.
      for (let dx = 8; dx <= 10; ++dx) for (let dz = 4; dz <= 6; ++dz) await place(bot, x + dx, y, z + dz, stone);
      // Stairs up onto a one-high platform, then a bottom slab on it.
      await place(bot, x + 12, y, z + 1, state('oak_stairs', { facing: 'east', half: 'bottom', shape: 'straight', waterlogged: false }));
      for (let dx = 13; dx <= 15; ++dx) await place(bot, x + dx, y, z + 1, stone);
      await place(bot, x + 15, y + 1, z + 1, state('oak_slab', { type: 'bottom', waterlogged: false }));
      // A wall with a closed oak door, west of the spawn, and a fence with a
      // closed gate south of it.
      for (let dz = -3; dz <= 3; ++dz) for (let dy = 0; dy < 3; ++dy) await place(bot, x - 8, y + dy, z + dz, stone);
      await place(bot, x - 8, y, z, state('oak_door', { facing: 'east', half: 'lower', hinge: 'left', open: false, powered: false }));
      await place(bot, x - 8, y + 1, z, state('oak_door', { facing: 'east', half: 'upper', hinge: 'left', open: false, powered: false }));
      for (let dx = -14; dx <= -10; ++dx) await place(bot, x + dx, y, z + 8, state('oak_fence', { east: true, west: true, north: false, south: false, waterlogged: false }));
      await place(bot, x - 12, y, z + 8, state('oak_fence_gate', { facing: 'south', in_wall: false, open: false, powered: false }));
      for (let dz = 4; dz <= 12; ++dz) {
        if (dz === 8) continue;
        await place(bot, x - 15, y, z + dz, state('oak_fence', { north: true, south: true, east: false, west: false, waterlogged: false }));
        await place(bot, x - 9, y, z + dz, state('oak_fence', { north: true, south: true, east: false, west: false, waterlogged: false }));
      }
      // A block to stand beside.
      await place(bot, x - 4, y, z - 4, stone);
      await seen(bot, x - 4, y, z - 4, 'stone');
      await seen(bot, x + 15, y + 1, z + 1, 'oak_slab');

      await reach(bot, 'around a wall', new goals.GoalBlock(x + 8, y, z + 1),
        (p) => (p.floored().x === x + 8 && p.floored().z === z + 1 ? null : 'ended elsewhere'));
      await reach(bot, 'onto a block (a jump)', new goals.GoalBlock(x + 9, y + 1, z + 5),
        (p) => (Math.abs(p.y - (y + 1)) < 0.01 ? null : `feet at ${p.y}, not on the platform`));
      await reach(bot, 'up stairs onto a bottom slab', new goals.GoalBlock(x + 15, y + 1, z + 1),
        (p) => (Math.abs(p.y - (y + 1.5)) < 0.01 ? null : `feet at ${p.y}, not on the slab (${y + 1.5})`));
      await reach(bot, 'near a point across the wall', new goals.GoalNear(x, y, z - 2, 2),
        (p) => (p.distanceTo(new Vec3(x + 0.5, y, z - 1.5)) <= 3 ? null : 'not near'));
      await reach(bot, 'a column', new goals.GoalXZ(x + 2, z + 6),
        (p) => (p.floored().x === x + 2 && p.floored().z === z + 6 ? null : 'not in the column'));
      await reach(bot, 'beside a block', new goals.GoalGetToBlock(x - 4, y, z - 4), (p) => {
        const f = p.floored();
        return Math.abs(f.x - (x - 4)) + Math.abs(f.z - (z - 4)) === 1 ? null : 'not beside the block';
      });
      await reach(bot, 'through a closed oak door', new goals.GoalBlock(x - 12, y, z),
        (p) => (p.floored().x === x - 12 && p.floored().z === z ? null : 'ended elsewhere'));
      const door = bot.blockAt(new Vec3(x - 8, y, z));
      results.door_open_after = door && door.getProperties().open;
      if (!(door && door.getProperties().open)) {
        ++failed;
        console.log('FAIL  the door is not open after the walk through it');
      }
      await reach(bot, 'through a closed fence gate', new goals.GoalBlock(x - 12, y, z + 11),
        (p) => (p.floored().x === x - 12 && p.floored().z === z + 11 ? null : 'ended elsewhere'));
      const gate = bot.blockAt(new Vec3(x - 12, y, z + 8));
      results.gate_open_after = gate && gate.getProperties().open;
      if (!(gate && gate.getProperties().open)) {
        ++failed;
        console.log('FAIL  the gate is not open after the walk through it');
      }
      // Any of two goals: the nearer one.
      const here = bot.entity.position.floored();
      await reach(bot, 'any of two goals (the nearer)', new goals.GoalCompositeAny([
        new goals.GoalBlock(here.x + 1, y, here.z - 1), new goals.GoalBlock(here.x + 20, y, here.z)]),
        (p) => (p.floored().x === here.x + 1 && p.floored().z === here.z - 1 ? null : 'not at the nearer goal'));
      // Away from a point: beyond 6 blocks of where the bot stands.
      const from = bot.entity.position.floored().offset(0.5, 0, 0.5);
      await reach(bot, 'away from a point (GoalInvert)', new goals.GoalInvert(new goals.GoalNear(from.x, from.y, from.z, 6)),
        (p) => (p.distanceTo(from) > 6 ? null : `only ${p.distanceTo(from).toFixed(2)} away`));
      bot.quit();
      finish(failed ? 1 : 0);
    } catch (e) {
      console.log(`FAIL: ${e.stack}`);
      ++failed;
      finish(1);
    }
  });
}, 2500));
