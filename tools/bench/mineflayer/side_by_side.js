// SPDX-License-Identifier: MIT
'use strict';
// Side by side (issue 38; a benchmark, not a test): voxnav's mineflayer
// plugin and mineflayer-pathfinder 2.4.5 on the same flying-squid server,
// the same course (tests/mineflayer/course_world.js: stairs, slabs, a
// fence gate, a door, a pool, a trench to leap, a ladder) and the same goals
// on the real 1.21.1 region. Each planner gets a fresh server (doors
// closed again) and its bot runs in its own process (bot_runner.js) so the
// CPU figure is the bot's alone; before each goal the server puts the bot
// at that goal's start, so a goal missed does not move the next one's.
// Prints a table (Markdown) and writes the JSON (argv[2]).
//   node side_by_side.js OUT.json [ROUNDS] [FILTER]   (VOXNAV_NODE_ADDON: the addon)
const path = require('path');
const fs = require('fs');
const { fork } = require('child_process');
const mcServer = require('flying-squid');
const { Vec3 } = require('vec3');
const world = require('../../../tests/mineflayer/course_world');

const out = process.argv[2] || 'mineflayer_side_by_side.json';
const rounds = Number(process.argv[3] || 1);
// Only the goals whose names match (a regular expression; all when empty).
const filter = process.argv[4] || '';
const wanted = (list) => list.filter((g) => !filter || new RegExp(filter).test(g.name));
const planners = ['voxnav', 'pathfinder'];
// One flying-squid server after another in this process: each adds process listeners.
process.setMaxListeners(100);

async function runOne(planner, set) {
  const region = set === 'region';
  const server = await world.startServer(mcServer, region ? '1.21.1' : '1.16.5', region ? world.REGION : null);
  const { serv } = server;
  let spawn = world.REGION_SPAWN;
  if (!region) {
    const p = await serv.getSpawnPoint(serv.overworld);
    spawn = [p.x, p.y, p.z];
    for (const [x, y, z, state] of world.courseBlocks(serv.registry, ...spawn)) {
      await serv.setBlock(serv.overworld, new Vec3(x, y, z), state);
    }
  }
  const child = fork(path.join(__dirname, 'bot_runner.js'),
    [planner, String(server.port), server.version, set, ...spawn.map(String), filter], { stdio: 'inherit' });
  const results = await new Promise((resolve, reject) => {
    child.on('message', (m) => {
      if (m.teleport) {
        const player = serv.players.find((p) => p.username === m.username);
        if (player) player.teleport(new Vec3(...m.teleport));
        setTimeout(() => child.send({ placed: true }), 200);
      } else if (m.results) {
        resolve(m.results);
      } else if (m.error) {
        reject(new Error(`${planner}: ${m.error}`));
      }
    });
    child.on('exit', (code) => code && reject(new Error(`${planner}'s bot exited with ${code}`)));
  });
  await new Promise((r) => setTimeout(r, 600));
  child.kill();
  serv.quit();
  fs.rmSync(server.folder, { recursive: true, force: true });
  return results;
}

function median(v) {
  const s = [...v].sort((a, b) => a - b);
  return s.length ? s[Math.floor((s.length - 1) / 2)] : NaN;
}

(async () => {
  const all = { planners: { voxnav: 'voxnav mineflayer plugin (bindings/node/mineflayer.js)',
    pathfinder: 'mineflayer-pathfinder 2.4.5 (default Movements, canDig = false)' },
  server: 'flying-squid 1.12.0', client: 'mineflayer 4.25.0', rounds, runs: [] };
  for (let r = 0; r < rounds; ++r) {
    for (const set of ['course', 'region']) {
      const listed = set === 'region' ? world.regionGoals() : world.courseGoals(0, 0, 0);
      if (!wanted(listed).length) continue;
      // Interleaved: the order of the planners alternates round by round.
      for (const planner of r % 2 ? [...planners].reverse() : planners) {
        console.error(`round ${r + 1}: ${planner} on the ${set}`);
        all.runs.push({ round: r, set, planner, goals: await runOne(planner, set) });
      }
    }
  }
  fs.writeFileSync(out, JSON.stringify(all, null, 2));
  // The table: per goal and planner, arrived (of rounds), median time to
  // arrive (arrived runs), median planning time and median bot CPU.
  const names = [];
  for (const run of all.runs) for (const g of run.goals) if (!names.includes(g.name)) names.push(g.name);
  const cell = (planner, name) => {
    const gs = all.runs.filter((x) => x.planner === planner).flatMap((x) => x.goals.filter((g) => g.name === name));
    const ok = gs.filter((g) => g.arrived);
    const t = ok.length ? `${(median(ok.map((g) => g.ms)) / 1000).toFixed(1)} s` : '-';
    return `${ok.length}/${gs.length} | ${t} | ${median(gs.map((g) => g.plan_ms)).toFixed(2)} ms | ${median(gs.map((g) => g.cpu_ms)).toFixed(0)} ms`;
  };
  const lines = ['| goal | voxnav arrived | time | planning | bot CPU | pathfinder arrived | time | planning | bot CPU |',
    '|---|---|---|---|---|---|---|---|---|'];
  for (const name of names) lines.push(`| ${name} | ${cell('voxnav', name)} | ${cell('pathfinder', name)} |`);
  const total = (planner, key, onlyArrived) => all.runs.filter((x) => x.planner === planner)
    .flatMap((x) => x.goals).filter((g) => !onlyArrived || g.arrived).reduce((a, g) => a + g[key], 0) / rounds;
  const arrived = (planner) => all.runs.filter((x) => x.planner === planner).flatMap((x) => x.goals).filter((g) => g.arrived).length;
  const count = all.runs.filter((x) => x.planner === 'voxnav').flatMap((x) => x.goals).length;
  lines.push(`| **all ${names.length} goals** | ${arrived('voxnav')}/${count} | | ${total('voxnav', 'plan_ms').toFixed(1)} ms | ${total('voxnav', 'cpu_ms').toFixed(0)} ms`
    + ` | ${arrived('pathfinder')}/${count} | | ${total('pathfinder', 'plan_ms').toFixed(1)} ms | ${total('pathfinder', 'cpu_ms').toFixed(0)} ms |`);
  console.log(lines.join('\n'));
  console.log(`\n(planning and CPU: per round; JSON: ${out})`);
  process.exit(0);
})().catch((e) => {
  console.error(e.stack);
  process.exit(1);
});
