// SPDX-License-Identifier: MIT
'use strict';
// One bot of the side-by-side benchmark, in its own process so its CPU is
// the bot's alone (the server runs in the parent): connects to the
// parent's flying-squid server, loads one planner (voxnav's plugin or
// mineflayer-pathfinder), and walks the course's or the region's goals,
// asking the parent to put it at each goal's start first. Sends the
// results to the parent.
//   (forked by side_by_side.js) bot_runner.js PLANNER PORT VERSION SET X Y Z [FILTER]
const path = require('path');
const mineflayer = require('mineflayer');
const { Vec3 } = require('vec3');
const world = require('../../../tests/mineflayer/course_world');

const [planner, port, version, set, sx, sy, sz, filter] = process.argv.slice(2);
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
const username = `${planner}_bot`.slice(0, 16);
const bot = mineflayer.createBot({ host: '127.0.0.1', port: Number(port), username, version, auth: 'offline' });
bot.on('kicked', (r) => process.send({ error: `kicked: ${r}` }));
bot.on('error', (e) => process.send({ error: e.message }));

// Time spent planning, per goal [ms]: voxnav's follower calls (plans and
// steering, so an upper bound); mineflayer-pathfinder's A* (compute()).
let planMs = 0;
let plans = 0;
let goalModule;
let walk;
if (planner === 'voxnav') {
  const { plugin, goals } = require('../../../bindings/node/mineflayer');
  bot.loadPlugin(plugin);
  goalModule = goals;
  walk = (goal) => bot.voxnav.goto(goal);
} else {
  const { pathfinder, Movements, goals } = require('mineflayer-pathfinder');
  const AStar = require('mineflayer-pathfinder/lib/astar');
  const compute = AStar.prototype.compute;
  AStar.prototype.compute = function timed() {
    const t0 = process.hrtime.bigint();
    const r = compute.call(this);
    planMs += Number(process.hrtime.bigint() - t0) / 1e6;
    return r;
  };
  bot.loadPlugin(pathfinder);
  bot.on('path_update', () => ++plans);
  goalModule = goals;
  walk = (goal) => bot.pathfinder.goto(goal);
}

let pending = null;
process.on('message', (m) => {
  if (m.placed && pending) pending();
});
function placeAt(start) {
  return new Promise((resolve) => {
    pending = resolve;
    process.send({ teleport: [start[0] + 0.5, start[1], start[2] + 0.5], username });
  });
}

bot.once('spawn', async () => {
  if (planner !== 'voxnav') {
    // The defaults, except that neither planner changes the world: no digging.
    const m = new (require('mineflayer-pathfinder').Movements)(bot);
    m.canDig = false;
    bot.pathfinder.setMovements(m);
  }
  await sleep(1500);
  const list = (set === 'region' ? world.regionGoals() : world.courseGoals(Number(sx), Number(sy), Number(sz)))
    .filter((g) => !filter || new RegExp(filter).test(g.name));
  const out = [];
  for (const g of list) {
    await placeAt(g.start);
    await sleep(1000);
    planMs = 0;
    plans = 0;
    const cpu0 = process.cpuUsage();
    const t0 = Date.now();
    const limit = g.limit || 30000;
    let timer = null;
    let why = null;
    // The parkour line is judged by the body, tick by tick (every pillar
    // stood on in order, never below the line), for both planners.
    const judge = g.parkour ? world.parkourJudge(bot, Number(sx), Number(sy), Number(sz)) : null;
    try {
      await Promise.race([walk(g.make(goalModule)), new Promise((resolve, reject) => {
        timer = setTimeout(() => reject(new Error(`not reached in ${limit / 1000} s`)), limit);
      })]);
      why = g.check(bot.entity.position);
    } catch (e) {
      why = e.message;
    }
    clearTimeout(timer);
    const ms = Date.now() - t0;
    if (judge) why = judge.stop().why || why;
    if (planner === 'voxnav') {
      bot.voxnav.stop();
      planMs = bot.voxnav.stats.ms;
      plans = bot.voxnav.stats.plans;
    } else {
      bot.pathfinder.stop();
      bot.pathfinder.setGoal(null);
    }
    const cpu = process.cpuUsage(cpu0);
    const p = bot.entity.position;
    out.push({ name: g.name, arrived: !why, why, ms, plan_ms: planMs, plans, cpu_ms: (cpu.user + cpu.system) / 1000,
      end: [p.x, p.y, p.z] });
    await sleep(300);
  }
  process.send({ results: out });
  bot.quit();
  setTimeout(() => process.exit(0), 500);
});
