// SPDX-License-Identifier: MIT
'use strict';
// The Node binding against what voxnav's C API gives: a door route, Minecraft
// block states through the table, chunks, edits seen by the next query, flow
// fields costing what routes cost, reachable areas, smoothing, route checks,
// a follower driving a body to its goal, and errors that name what is wrong.
// Run: node test/binding.test.js (exit 1 on any failure).
const assert = require('assert');
const voxnav = require('..');

const tests = [];
const test = (name, fn) => tests.push({ name, fn });

// A 16^3 chunk with a stone floor, a wall across x = 8 up to y = 3 and a
// closed oak door at (8, 1..2, 8): what the C example routes through.
function doorWorld() {
  const world = new voxnav.World();
  const stone = world.findBlock('stone');
  const door = world.defineBlock('oak_door', 'solid', { shape: { bottom: 0, top: 16, openClass: 1 } });
  const ids = new Uint16Array(4096);
  for (let z = 0; z < 16; ++z) {
    for (let x = 0; x < 16; ++x) {
      ids[x + 16 * z] = stone;
      for (let y = 1; y <= 3; ++y) if (x === 8) ids[x + 16 * (z + 16 * y)] = stone;
    }
  }
  ids[8 + 16 * (8 + 16 * 1)] = door;
  ids[8 + 16 * (8 + 16 * 2)] = door;
  world.setChunk(0, 0, 0, ids);
  return { world, stone, door, ids };
}

const player = voxnav.profiles.player;

test('a route through a closed door lists the door under open', () => {
  const { world } = doorWorld();
  const nav = new voxnav.Navigator(world, player);
  const route = nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8));
  assert.strictEqual(route.status, 'found');
  assert.ok(route.usable);
  const opening = route.waypoints.find((w) => w.open);
  assert.ok(opening, 'some waypoint opens the door');
  assert.deepStrictEqual(opening.open[0], [8, 1, 8]);
  const sum = route.waypoints.reduce((s, w) => s + w.cost, 0);
  assert.ok(Math.abs(sum - route.cost) < 1e-9, `waypoint costs sum to the route's (${sum} vs ${route.cost})`);
  assert.strictEqual(route.waypoints[0].action, 'start');
  const last = route.waypoints[route.waypoints.length - 1];
  assert.deepStrictEqual([last.x, last.y, last.z], [12, 1, 8]);
});

test('an agent that does not open doors has no route; an edit is seen by the next query', () => {
  const { world, stone } = doorWorld();
  const cat = new voxnav.Navigator(world, { height: 0.7, width: 1 });
  assert.strictEqual(cat.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8)).status, 'no_path');
  const nav = new voxnav.Navigator(world, player);
  const before = nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8));
  assert.strictEqual(before.status, 'found');
  assert.ok(nav.checkRoute(before, 0).valid);
  world.setBlock(8, 1, 8, stone);
  world.setBlock(8, 2, 8, stone);
  const check = nav.checkRoute(before, 0);
  assert.strictEqual(check.valid, false);
  assert.ok(check.why.length > 0);
  assert.strictEqual(nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8)).status, 'no_path');
});

test('Minecraft block states come from the block table: shapes, known names, one id per state', () => {
  const world = new voxnav.World();
  const stairs = world.minecraftBlock('minecraft:oak_stairs[facing=east,half=bottom]');
  assert.ok(stairs.known);
  assert.strictEqual(world.minecraftBlock('oak_stairs[facing=east,half=bottom]').id, stairs.id);
  const top = world.minecraftBlock('oak_stairs[facing=east,half=top]');
  assert.notStrictEqual(top.id, stairs.id);
  const slab = world.minecraftBlock('oak_slab[type=bottom]');
  const stone = world.minecraftBlock('stone');
  assert.ok(slab.known && stone.known);
  assert.notStrictEqual(slab.id, stone.id);
  const water = world.minecraftBlock('oak_slab[type=bottom,waterlogged=true]');
  assert.ok(water.known);
  assert.strictEqual(world.minecraftBlock('air').id, 0);
  const unknown = world.minecraftBlock('not_a_block_of_minecraft');
  assert.strictEqual(unknown.known, false);
  // A bottom slab in a floor: a player steps onto it and stands half a voxel lower.
  const ids = new Uint16Array(4096);
  for (let i = 0; i < 256; ++i) ids[i] = stone.id;
  ids[5 + 16 * (5 + 16 * 1)] = slab.id;
  world.setChunk(0, 0, 0, ids);
  const nav = new voxnav.Navigator(world, player);
  const route = nav.findRoute([1, 1, 5], voxnav.goals.at(5, 2, 5)); // feet in the voxel above the slab
  assert.strictEqual(route.status, 'found');
  const end = route.waypoints[route.waypoints.length - 1];
  assert.ok(Math.abs(end.feetY - 1.5) < 1e-9, `feet on the slab at 1.5, not ${end.feetY}`);
});

test('chunks round-trip, unload forgets, info counts', () => {
  const { world, ids } = doorWorld();
  assert.deepStrictEqual(Array.from(world.getChunk(0, 0, 0)), Array.from(ids));
  assert.ok(world.isLoaded(0, 0, 0));
  const info = world.info();
  assert.strictEqual(info.loadedChunks, 1);
  assert.ok(info.revision > 0);
  world.unloadChunk(0, 0, 0);
  assert.strictEqual(world.isLoaded(0, 0, 0), false);
  assert.throws(() => world.setBlock(1, 1, 1, 1), (e) => e.code === 'ERR_STATE');
});

test('a flow field costs what a route costs, from every start', () => {
  const { world } = doorWorld();
  const nav = new voxnav.Navigator(world, player);
  const goal = voxnav.goals.at(12, 1, 3);
  const field = nav.flowField(goal);
  assert.strictEqual(field.status, 'found');
  assert.ok(field.reachable > 100);
  let compared = 0;
  for (let x = 0; x < 16; x += 3) {
    for (let z = 0; z < 16; z += 3) {
      if (x === 8) continue;
      const route = nav.findRoute([x, 1, z], goal, { snapStart: false });
      const cost = field.cost([x, 1, z]);
      if (!route.usable) {
        assert.strictEqual(cost, Infinity);
        continue;
      }
      assert.ok(Math.abs(cost - route.cost) <= 1e-9 * Math.max(1, cost), `(${x}, 1, ${z}): field ${cost}, route ${route.cost}`);
      const next = field.next([x, 1, z]);
      if (route.waypoints.length > 1) assert.ok(next && field.cost([next.x, next.y, next.z]) < cost);
      ++compared;
    }
  }
  assert.ok(compared > 10);
});

test('reachable areas, smoothing, snapping and game units', () => {
  const world = new voxnav.World();
  const stone = world.findBlock('stone');
  const ids = new Uint16Array(4096);
  for (let i = 0; i < 256; ++i) ids[i] = stone;
  world.setChunk(0, 0, 0, ids);
  const nav = new voxnav.Navigator(world, player);
  const area = nav.reachable([8, 1, 8], { maxCost: 1 });
  assert.strictEqual(area.status, 'found');
  assert.ok(area.waypoints.length > 5);
  assert.strictEqual(area.waypoints[0].cost, 0);
  for (let i = 1; i < area.waypoints.length; ++i) {
    assert.ok(area.waypoints[i].cost >= area.waypoints[i - 1].cost && area.waypoints[i].cost <= 1);
  }
  const route = nav.findRoute([1, 1, 1], voxnav.goals.at(6, 1, 14));
  const smooth = nav.smoothRoute(route);
  assert.ok(smooth.waypoints.length < route.waypoints.length, `${smooth.waypoints.length} < ${route.waypoints.length}`);
  assert.ok(smooth.cost <= route.cost + 1e-9);
  assert.deepStrictEqual(nav.snap([3.4, 1.0, 7.6]), [3, 1, 7]);
  assert.strictEqual(nav.snap([3.5, 9.0, 7.5]), null);
  world.setTransform(0.5, [100, -32, 0]);
  world.sync();
  assert.deepStrictEqual(nav.toGame([2, 1, 8]), [101.25, -31.5, 4.25]);
  assert.deepStrictEqual(nav.snap([101.3, -31.5, 4.2], { game: true }), [2, 1, 8]);
});

test('a follower steers a body to its goal through the door', () => {
  const { world } = doorWorld();
  const nav = new voxnav.Navigator(world, player);
  const follower = new voxnav.Follower(nav, voxnav.goals.at(12, 1, 8));
  const feet = [2.5, 1, 8.5];
  let opened = false;
  let status = '';
  const dt = 0.05;
  for (let tick = 0; tick < 400 && status !== 'arrived'; ++tick) {
    const s = follower.update({ feet, velocity: [0, 0, 0], onGround: true }, tick * dt);
    status = s.status;
    if (s.open) {
      // The game opens the door: here, the door voxels become air.
      world.setBlock(s.open[0], s.open[1], s.open[2], 0);
      world.setBlock(s.open[0], s.open[1] + 1, s.open[2], 0);
      opened = true;
    }
    // A simple body: moves towards the target at the asked speed, on the floor.
    const dx = s.target[0] - feet[0], dz = s.target[2] - feet[2];
    const d = Math.hypot(dx, dz);
    const step = Math.min(d, s.speed * dt);
    if (d > 0) {
      feet[0] += (dx / d) * step;
      feet[2] += (dz / d) * step;
    }
  }
  assert.strictEqual(status, 'arrived');
  assert.ok(opened, 'the follower asked for the door to be opened');
  assert.ok(Math.abs(feet[0] - 12.5) < 0.6 && Math.abs(feet[2] - 8.5) < 0.6);
});

test('bad input throws with a code and a sentence; a bad query changes nothing', () => {
  const { world } = doorWorld();
  assert.throws(() => new voxnav.Navigator(world, { hieght: 2 }), (e) => e.code === 'ERR_PROFILE' && /hieght/.test(e.message));
  const nav = new voxnav.Navigator(world, player);
  assert.throws(() => nav.findRoute([1, 1], voxnav.goals.at(1, 1, 1)), TypeError);
  assert.throws(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { weight: 0.5 }), (e) => e.code === 'ERR_ARGUMENT');
  assert.throws(() => world.setChunk(0, 0, 0, new Uint16Array(10)), TypeError);
  const bad = new Uint16Array(4096);
  bad[3] = 60000;
  assert.throws(() => world.setChunk(1, 0, 0, bad), (e) => e.code === 'ERR_ARGUMENT' && /60000/.test(e.message));
  assert.strictEqual(world.isLoaded(1, 0, 0), false);
  assert.throws(() => voxnav.BlockTable.load('/nonexistent/table.txt'), (e) => e.code === 'ERR_ARGUMENT');
  assert.strictEqual(nav.findRoute([2, 40, 8], voxnav.goals.at(12, 1, 8), { snapStart: false }).status, 'invalid_start');
});

let failures = 0;
for (const { name, fn } of tests) {
  try {
    fn();
    console.log(`ok    ${name}`);
  } catch (e) {
    ++failures;
    console.log(`FAIL  ${name}\n      ${e.stack.split('\n').slice(0, 4).join('\n      ')}`);
  }
}
console.log(`voxnav ${voxnav.version} node binding: ${tests.length - failures} of ${tests.length} passed`);
process.exit(failures ? 1 : 0);
