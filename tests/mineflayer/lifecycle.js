// SPDX-License-Identifier: MIT
'use strict';
// The mineflayer plugin's goal lifecycle on a real server (issue 57, item 8):
// flying-squid 1.16.5 on 127.0.0.1 (course_world.startServer: a superflat
// world, a fixed spawn) and a real mineflayer bot with voxnav's plugin. One
// case per run, each its own ctest (tests/mineflayer/mineflayer.cmake):
//   login    goto called on 'login', before 'spawn', arrives once the world
//            is there (not rejected for planning on nothing)
//   nearxz   a GoalNearXZ of range 3,000 (and 1,000 around the bot) is
//            planned in milliseconds, with memory that does not grow with
//            the range, and the bot arrives
//   nopath   a plan that fails emits one path_update, {status: 'noPath'},
//            and no 'success' before it; goto rejects with NoPath
//   end      a pending goto rejects (BotEnded) when the bot quits and when
//            it is kicked; a goto after the end rejects at once
// Every check is on the bot's body (its position, on the ground) or on what
// the plugin emitted, never on the plugin's word that it arrived.
//   node lifecycle.js CASE   (VOXNAV_NODE_ADDON: the built addon)
const path = require('path');
const fs = require('fs');
const mcServer = require('flying-squid');
const mineflayer = require('mineflayer');
const { Vec3 } = require('vec3');
const { plugin, goals } = require(path.join(__dirname, '..', '..', 'bindings', 'node', 'mineflayer'));
const world = require('./course_world');

const which = process.argv[2];
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let server = null;
let failures = 0;

function check(ok, what) {
  console.log(`${ok ? 'ok  ' : 'FAIL'}  ${what}`);
  if (!ok) ++failures;
}

function end(code) {
  if (server) {
    server.serv.quit();
    fs.rmSync(server.folder, { recursive: true, force: true });
  }
  process.exit(code);
}
setTimeout(() => {
  console.log(`FAIL  ${which}: took more than 120 s`);
  end(1);
}, 120000).unref();

function createBot(username) {
  const bot = mineflayer.createBot({ host: '127.0.0.1', port: server.port, username, version: server.version, auth: 'offline' });
  bot.loadPlugin(plugin);
  bot.on('error', (e) => {
    if (!bot.leaving) console.log(`note  ${username}: bot error: ${e.message}`);
  });
  return bot;
}

const spawned = (bot) => new Promise((resolve) => bot.once('spawn', () => setTimeout(resolve, 1500)));

// Races `promise` against `ms`: {value} | {error} | {timeout: true}.
async function within(promise, ms) {
  let timer = null;
  const t = new Promise((resolve) => {
    timer = setTimeout(() => resolve({ timeout: true }), ms);
  });
  const r = await Promise.race([promise.then((value) => ({ value }), (error) => ({ error })), t]);
  clearTimeout(timer);
  return r;
}

function feet(bot) {
  const p = bot.entity.position;
  return `${p.x.toFixed(2)} ${p.y.toFixed(2)} ${p.z.toFixed(2)}`;
}

// The flat's spawn: feet block (x, y, z).
async function flatSpawn() {
  const p = await server.serv.getSpawnPoint(server.serv.overworld);
  return [Math.floor(p.x), Math.floor(p.y), Math.floor(p.z)];
}

const cases = {
  // goto on 'login': the world (the spawn, the chunk under the bot) comes
  // later; the walk starts when it is there.
  async login() {
    const [x, y, z] = await flatSpawn();
    const bot = createBot('voxnav_login');
    let result = null;
    let t0 = 0;
    let spawnAt = null;
    bot.once('spawn', () => {
      spawnAt = Date.now();
    });
    await new Promise((resolve) => bot.once('login', () => {
      t0 = Date.now();
      check(spawnAt === null, "goto is called on 'login', before 'spawn'");
      result = within(bot.voxnav.goto(new goals.GoalBlock(x + 6, y, z + 3)), 30000);
      resolve();
    }));
    const r = await result;
    await sleep(500);
    const p = bot.entity.position;
    check(!r.error && !r.timeout, `the goto given on 'login' resolves (${r.error ? r.error.message : r.timeout ? 'not in 30 s' : `${Date.now() - t0} ms after login, ${spawnAt - t0} ms to spawn`})`);
    check(p.floored().x === x + 6 && p.floored().z === z + 3 && Math.abs(p.y - y) < 0.01 && bot.entity.onGround,
      `the body stands on the goal block ${x + 6} ${y} ${z + 3} (at ${feet(bot)})`);
    bot.leaving = true;
    bot.quit();
  },

  // A GoalNearXZ whose range is 3,000: one region, tested, never a list of
  // columns (that took 2.8 s and 1.25 GB at range 1,000).
  async nearxz() {
    const [x, y, z] = await flatSpawn();
    const bot = createBot('voxnav_nearxz');
    await spawned(bot);
    const rss0 = process.memoryUsage().rss;
    // The region's edge 6 blocks east of the bot: its centre 3,006 away.
    const goal = new goals.GoalNearXZ(x + 3006, z, 3000);
    const t0 = process.hrtime.bigint();
    const r = await within(bot.voxnav.goto(goal), 30000);
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    const s = bot.voxnav.stats;
    const grown = (process.memoryUsage().rss - rss0) / 1e6;
    await sleep(300);
    const p = bot.entity.position.floored();
    const d = Math.hypot(p.x - (x + 3006), p.z - z);
    check(!r.error && !r.timeout, `goto(GoalNearXZ(x + 3006, z, 3000)) resolves (${r.error ? r.error.message : r.timeout ? 'not in 30 s' : `${ms.toFixed(0)} ms`})`);
    check(d <= 3000 && bot.entity.onGround, `the body is within 3000 of the centre horizontally, on the ground (${d.toFixed(1)}; at ${feet(bot)})`);
    check(p.x >= x + 5 && p.x <= x + 8, `it walked to the region's edge, 6 blocks east (x ${p.x - x} from the spawn)`);
    check(s.maxMs < 50, `the longest tick in voxnav's follower (plans and steering) is ${s.maxMs.toFixed(2)} ms (< 50 ms), ${s.plans} plans`);
    check(grown < 100, `the process grew ${grown.toFixed(1)} MB (< 100 MB; the columns enumerated were 1.25 GB at range 1,000)`);
    // Range 1,000 around the bot: already there.
    const t1 = process.hrtime.bigint();
    const r2 = await within(bot.voxnav.goto(new goals.GoalNearXZ(p.x, p.z, 1000)), 5000);
    const ms2 = Number(process.hrtime.bigint() - t1) / 1e6;
    check(!r2.error && !r2.timeout && ms2 < 1000, `goto(GoalNearXZ around the bot, 1000) resolves in ${ms2.toFixed(0)} ms`);
    bot.leaving = true;
    bot.quit();
  },

  // Failed plans: one path_update each, saying noPath; never success first.
  async nopath() {
    const [x, y, z] = await flatSpawn();
    const bot = createBot('voxnav_nopath');
    await spawned(bot);
    const updates = [];
    bot.on('path_update', (u) => updates.push(u));
    // A goal inside the ground (no waypoint there).
    const r = await within(bot.voxnav.goto(new goals.GoalBlock(x + 3, y - 2, z)), 10000);
    check(r.error && r.error.name === 'NoPath', `a goal inside the ground rejects with NoPath (${r.error ? `${r.error.name}: ${r.error.message}` : 'resolved or timed out'})`);
    check(updates.length === 1 && updates[0].status === 'noPath',
      `one path_update, noPath (${JSON.stringify(updates.map((u) => u.status))})`);
    // The bot walled in: stone around its feet and head, a goal outside.
    const p = bot.entity.position.floored();
    for (const [dx, dz] of [[1, 0], [-1, 0], [0, 1], [0, -1]]) {
      for (let dy = 0; dy < 2; ++dy) await server.serv.setBlock(server.serv.overworld, p.offset(dx, dy, dz), server.serv.registry.blocksByName.stone.defaultState);
    }
    await server.serv.setBlock(server.serv.overworld, p.offset(0, 2, 0), server.serv.registry.blocksByName.stone.defaultState);
    for (let i = 0; i < 100; ++i) {
      const b = bot.blockAt(p.offset(0, 2, 0));
      if (b && b.name === 'stone') break;
      await sleep(20);
    }
    updates.length = 0;
    const r2 = await within(bot.voxnav.goto(new goals.GoalBlock(x + 8, y, z + 8)), 10000);
    check(r2.error && r2.error.name === 'NoPath', `walled in, a goal outside rejects with NoPath (${r2.error ? `${r2.error.name}: ${r2.error.message}` : 'resolved or timed out'})`);
    check(updates.length === 1 && updates[0].status === 'noPath',
      `one path_update, noPath (${JSON.stringify(updates.map((u) => u.status))})`);
    // A reachable goal still says success once per plan, never noPath.
    for (const [dx, dz] of [[1, 0]]) {
      for (let dy = 0; dy < 2; ++dy) await server.serv.setBlock(server.serv.overworld, p.offset(dx, dy, dz), server.serv.registry.blocksByName.air.defaultState);
    }
    for (let i = 0; i < 100; ++i) {
      const b = bot.blockAt(p.offset(1, 1, 0));
      if (b && b.name === 'air') break;
      await sleep(20);
    }
    updates.length = 0;
    const r3 = await within(bot.voxnav.goto(new goals.GoalBlock(p.x + 4, y, p.z)), 15000);
    check(!r3.error && !r3.timeout && bot.entity.position.floored().x === p.x + 4,
      `let out, a goal 4 blocks east is reached (${r3.error ? r3.error.message : feet(bot)})`);
    check(updates.length >= 1 && updates.every((u) => u.status === 'success'), `its path_updates say success (${JSON.stringify(updates.map((u) => u.status))})`);
    bot.leaving = true;
    bot.quit();
  },

  // A goto whose bot leaves settles: it rejects when the bot quits, when it
  // is kicked, and a goto after that rejects at once.
  async end() {
    const [x, y, z] = await flatSpawn();
    const quitter = createBot('voxnav_quitter');
    await spawned(quitter);
    const walk = within(quitter.voxnav.goto(new goals.GoalBlock(x + 30, y, z + 20)), 10000);
    await sleep(700);
    quitter.leaving = true;
    quitter.quit();
    const t0 = Date.now();
    const r = await walk;
    check(r.error && r.error.name === 'BotEnded', `quit mid-walk: goto rejects with BotEnded (${r.error ? `${r.error.name}: ${r.error.message}` : 'pending for 10 s'}, ${Date.now() - t0} ms after quit())`);
    const after = await within(quitter.voxnav.goto(new goals.GoalBlock(x, y, z)), 2000);
    check(after.error && after.error.name === 'BotEnded', `goto after the end rejects at once (${after.error ? after.error.name : 'pending'})`);

    const kicked = createBot('voxnav_kicked');
    await spawned(kicked);
    kicked.leaving = true;
    const walk2 = within(kicked.voxnav.goto(new goals.GoalBlock(x - 30, y, z - 20)), 10000);
    await sleep(700);
    const player = server.serv.players.find((p) => p.username === 'voxnav_kicked');
    check(!!player, 'the server has the bot to kick');
    if (player) player.kick('kicked by the lifecycle test');
    const r2 = await walk2;
    check(r2.error && r2.error.name === 'BotEnded', `kicked mid-walk: goto rejects with BotEnded (${r2.error ? `${r2.error.name}: ${r2.error.message}` : 'pending for 10 s'})`);
  },
};

(async () => {
  if (!cases[which]) {
    console.log(`FAIL  no case '${which}' (${Object.keys(cases).join(', ')})`);
    process.exit(1);
  }
  try {
    server = await world.startServer(mcServer, '1.16.5');
    await cases[which]();
  } catch (e) {
    console.log(`FAIL  ${which}: ${e.stack}`);
    ++failures;
  }
  console.log(failures ? `${which}: ${failures} failed` : `${which}: all passed`);
  end(failures ? 1 : 0);
})();
