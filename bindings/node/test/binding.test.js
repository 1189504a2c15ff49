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
      // One door, asked once with both halves (a game uses it once): here,
      // the door voxels become air.
      assert.ok(!opened, 'the two-block door is asked for once');
      assert.deepStrictEqual(s.open, [[8, 1, 8], [8, 2, 8]]);
      for (const [x, y, z] of s.open) world.setBlock(x, y, z, 0);
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

// --- numbers crossing into C (issue 56): checked before any conversion -------

// `fn` throws an error with code ERR_ARGUMENT whose message holds every one of `words`.
function refuses(fn, ...words) {
  assert.throws(fn, (e) => {
    assert.strictEqual(e.code, 'ERR_ARGUMENT', `code of "${e.message}"`);
    for (const w of words) assert.ok(e.message.includes(w), `"${e.message}" names "${w}"`);
    return true;
  });
}

const BAD = [[NaN, 'is NaN'], [Infinity, 'is Infinity'], [-Infinity, 'is -Infinity'], [2 ** 31, 'is 2147483648'],
  [-(2 ** 31) - 1, 'is -2147483649']];

test('the addon refuses NaN, infinities and values beyond int32 in every call, naming the argument', () => {
  const native = require('../native');
  const { world, ids } = doorWorld();
  const nav = new voxnav.Navigator(world, player);
  const field = nav.flowField(voxnav.goals.at(12, 1, 8));
  const route = nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8));
  const follower = new voxnav.Follower(nav, voxnav.goals.at(12, 1, 8));
  const body = { feet: [2.5, 1, 8.5], velocity: [0, 0, 0], onGround: true };
  const query = (goal) => ({ goals: [goal] });
  for (const [v, says] of BAD) {
    refuses(() => native.worldSetBlock(world, v, 1, 1, 1), 'setBlock: x ' + says, 'a block coordinate must be a finite number within int32');
    refuses(() => native.worldGetBlock(world, 1, v, 1), 'getBlock: y ' + says);
    refuses(() => native.worldSetChunk(world, 0, 0, v, ids), 'setChunk: cz ' + says);
    refuses(() => native.worldGetChunk(world, v, 0, 0), 'getChunk: cx ' + says);
    refuses(() => native.worldUnloadChunk(world, 0, v, 0), 'unloadChunk: cy ' + says);
    refuses(() => native.worldIsLoaded(world, 0, 0, v), 'isLoaded: cz ' + says);
    refuses(() => native.worldSetTransform(world, 1, [0, v, 0]), 'setTransform: origin[1] ' + says);
    refuses(() => native.navigatorIsWaypoint(nav, [1, 1, v]), 'isWaypoint: feet[2] ' + says);
    refuses(() => native.navigatorToGame(nav, [v, 1, 1]), 'toGame: feet[0] ' + says);
    refuses(() => native.navigatorSnap(nav, [1, v, 1], false), 'snap: position[1] ' + says);
    refuses(() => native.flowCost(field, [v, 1, 1]), 'FlowField.cost: feet[0] ' + says);
    refuses(() => native.flowNext(field, [1, 1, v]), 'FlowField.next: feet[2] ' + says);
    refuses(() => native.navigatorFindRoute(nav, [2, v, 8], query({ kind: 0, x: 12, y: 1, z: 8 }), {}), 'from[1] ' + says);
    refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], query({ kind: 0, x: v, y: 1, z: 8 }), {}), 'query.goals[0].x ' + says);
    refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], query({ kind: 2, x: 12, z: v }), {}), 'query.goals[0].z ' + says);
    refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], query({ kind: 3, y: v }), {}), 'query.goals[0].y ' + says);
    refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], query({ kind: 1, x: 12, y: v, z: 8, radius: 1 }), {}),
      'query.goals[0].y ' + says, 'a position must be a finite number within int32');
    refuses(() => native.navigatorReachable(nav, [2, 1, 8], { goals: [], threats: [{ x: v, y: 1, z: 1, radius: 2 }] }), 'query.threats[0].x ' + says);
    refuses(() => native.flowCompute({}, nav, { goals: [{ kind: 0, x: 12, y: 1, z: 8 }],
      zones: [{ shape: 1, multiplier: 2, lx: 0, ly: 0, lz: v, hx: 4, hy: 4, hz: 4 }] }), 'query.zones[0].lz ' + says);
    refuses(() => native.followerUpdate(follower, { feet: [2.5, v, 8.5] }, 100), 'Follower.update: body.feet[1] ' + says);
  }
  // Numbers that are no coordinates: NaN and infinities refused, ranges named.
  for (const [v, says] of BAD.slice(0, 3)) {
    refuses(() => native.followerUpdate(follower, body, v), 'Follower.update: now ' + says);
    refuses(() => native.followerUpdate(follower, { feet: [2.5, 1, 8.5], velocity: [v, 0, 0] }, 100), 'body.velocity[0] ' + says);
    refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], { ...query({ kind: 0, x: 12, y: 1, z: 8 }), maxNodes: v }, {}), 'query.maxNodes ' + says);
    refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], { ...query({ kind: 0, x: 12, y: 1, z: 8 }), weight: v }, {}), 'query.weight ' + says);
    refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], query({ kind: 1, x: 12, y: 1, z: 8, radius: v }), {}), 'query.goals[0].radius ' + says);
    refuses(() => native.navigatorCheckRoute(nav, route._handle, v), 'checkRoute: fromWaypoint ' + says);
    refuses(() => native.worldSetTransform(world, v, [0, 0, 0]), 'setTransform: voxelSize ' + says);
    refuses(() => native.worldDefineBlock(world, 'web', 0, 0, { insideSpeed: v }), 'defineBlock: shape.insideSpeed ' + says);
    refuses(() => native.worldDefineBlock(world, 'slab', v, 0, null), 'defineBlock: kind ' + says);
  }
  refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], { ...query({ kind: 0, x: 12, y: 1, z: 8 }), maxCost: NaN }, {}), 'query.maxCost is NaN');
  refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], { ...query({ kind: 0, x: 12, y: 1, z: 8 }), maxNodes: 2 ** 32 }, {}),
    'query.maxNodes is 4294967296; it must be a whole number from 0 to 4294967295');
  refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], { ...query({ kind: 0, x: 12, y: 1, z: 8 }), floorCost: { mud: NaN } }, {}),
    "query.floorCost['mud'] is NaN");
  refuses(() => native.worldSetBlock(world, 1, 1, 1, 1.5), 'setBlock: id is 1.5; it must be a whole number from 0 to 65535');
  refuses(() => native.worldSetBlock(world, 1, 1, 1, 65536), 'setBlock: id is 65536');
  refuses(() => native.worldDefineBlock(world, 'step', 1, 0, { top: 2 ** 31 }), 'defineBlock: shape.top is 2147483648');
  // A required number left out is an error, not a default.
  refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], query({ kind: 1, x: 12, y: 1, z: 8 }), {}), 'query.goals[0].radius is missing');
  refuses(() => native.navigatorFindRoute(nav, [2, 1, 8], query({ kind: 0, x: 12, z: 8 }), {}), 'query.goals[0].y is missing');
  refuses(() => native.navigatorReachable(nav, [2, 1, 8], { goals: [], threats: [{ x: 1, y: 1, z: 1 }] }), 'query.threats[0].radius is missing');
  refuses(() => native.flowCompute({}, nav, { goals: [{ kind: 0, x: 12, y: 1, z: 8 }], zones: [{ shape: 0, multiplier: 2, cx: 1, cy: 1, cz: 1 }] }),
    'query.zones[0].radius is missing');
  refuses(() => native.worldSetBlock(world, 1, 1, 1), 'setBlock: id is missing');
  refuses(() => native.worldSetBlock(world, '1', 1, 1, 1), 'setBlock: x must be a number, not a string');
  // The limits themselves pass: -2^31 and just under 2^31 are int32 once rounded down.
  assert.strictEqual(native.worldGetBlock(world, -(2 ** 31), 2 ** 31 - 0.5, 0), 0);
  assert.strictEqual(world.info().revision > 0, true);
});

test('the JS API checks numbers where it takes them: goals, options, zones, threats', () => {
  const { world } = doorWorld();
  const nav = new voxnav.Navigator(world, player);
  for (const [v, says] of BAD) {
    refuses(() => voxnav.goals.at(v, 1, 1), 'goals.at: x ' + says, 'a block coordinate must be a finite number within int32');
    refuses(() => voxnav.goals.column(1, v), 'goals.column: z ' + says);
    refuses(() => voxnav.goals.level(v), 'goals.level: y ' + says);
    refuses(() => voxnav.goals.touch(1, v, 1), 'goals.touch: y ' + says);
    refuses(() => voxnav.goals.near(1, 1, v, 2), 'goals.near: z ' + says);
    refuses(() => nav.findRoute([2, 1, 8], { flee: [{ x: v, y: 1, z: 8, radius: 3 }] }), 'flee[0].x ' + says);
    refuses(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { zones: [{ centre: [v, 1, 1], radius: 2 }] }),
      'options.zones[0].centre[0] ' + says);
    refuses(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { zones: [{ min: [0, 0, 0], max: [4, v, 4] }] }),
      'options.zones[0].max[1] ' + says);
    refuses(() => nav.findRoute([v, 1, 8], voxnav.goals.at(12, 1, 8)), 'from[0] ' + says);
    refuses(() => world.setBlock(1, 1, v, 1), 'setBlock: z ' + says);
  }
  for (const [v, says] of BAD.slice(0, 3)) {
    refuses(() => voxnav.goals.near(1, 1, 1, v), 'goals.near: radius ' + says, 'a finite number >= 0');
    refuses(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { weight: v }), 'options.weight ' + says);
    refuses(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { maxNodes: v }), 'options.maxNodes ' + says);
    refuses(() => nav.findRoute([2, 1, 8], { flee: [{ x: 1, y: 1, z: 8, radius: v }] }), 'flee[0].radius ' + says);
  }
  refuses(() => voxnav.goals.near(1, 1, 1), 'goals.near: radius is missing');
  refuses(() => nav.findRoute([2, 1, 8], { flee: [{ x: 1, y: 1, z: 8 }] }), 'flee[0].radius is missing');
  refuses(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { maxNodes: 10.5 }), 'options.maxNodes is 10.5; it must be a whole number');
  refuses(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { maxCost: NaN }), 'options.maxCost is NaN');
  refuses(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { zones: [{ centre: [1, 1, 1], radius: 2, multiplier: NaN }] }),
    'options.zones[0].multiplier is NaN');
  refuses(() => nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { floorCost: { mud: Infinity } }), "options.floorCost['mud'] is Infinity");
  refuses(() => voxnav.goals.at('12', 1, 8), 'goals.at: x must be a number, not a string');
  // Infinity where it means something: a zone never entered, no cost limit.
  assert.strictEqual(nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8), { maxCost: Infinity,
    zones: [{ centre: [5, 1, 2], radius: 1, multiplier: Infinity }] }).status, 'found');
  // A fractional block coordinate is the block that holds it (rounded down), everywhere.
  assert.deepStrictEqual(voxnav.goals.at(12.7, 1.2, -0.5), { kind: 0, x: 12, y: 1, z: -1 });
  const exact = nav.findRoute([2, 1, 8], voxnav.goals.at(12, 1, 8));
  const fractional = nav.findRoute([2.9, 1.5, 8.01], voxnav.goals.at(12.99, 1, 8.5));
  assert.strictEqual(fractional.status, 'found');
  assert.strictEqual(fractional.cost, exact.cost);
  assert.strictEqual(nav.isWaypoint([2.5, 1.99, 8.2]), nav.isWaypoint([2, 1, 8]));
});

test('a follower refuses a clock going back, naming both times, and changes nothing', () => {
  const { world } = doorWorld();
  const nav = new voxnav.Navigator(world, player);
  const follower = new voxnav.Follower(nav, voxnav.goals.at(12, 1, 8));
  const body = { feet: [2.5, 1, 8.5], velocity: [0, 0, 0], onGround: true };
  const first = follower.update(body, 5);
  assert.strictEqual(first.replans, 1);
  refuses(() => follower.update(body, 4.5), 'voxnav_follower_update', 'now (4.5 s) is before the previous update\'s now (5 s)');
  const again = follower.update(body, 5);  // the same time is fine, and nothing was planned in between
  assert.strictEqual(again.replans, 1);
  assert.ok(['moving', 'replanning'].includes(again.status));
  follower.update(body, 5.25);
  refuses(() => follower.update(body, 5.2), 'now (5.2 s)', '(5.25 s)');
});

test('mineflayer goals refuse NaN, infinities, values beyond int32 and a missing range, naming them', () => {
  const { goals: mf } = require('../mineflayer');
  for (const [v, says] of BAD) {
    refuses(() => new mf.GoalXZ(v, 3), 'GoalXZ: x ' + says, 'a block coordinate must be a finite number within int32');
    refuses(() => new mf.GoalXZ(3, v), 'GoalXZ: z ' + says);
    refuses(() => new mf.GoalY(v), 'GoalY: y ' + says);
    refuses(() => new mf.GoalBlock(1, v, 1), 'GoalBlock: y ' + says);
    refuses(() => new mf.GoalNear(v, 1, 1, 2), 'GoalNear: x ' + says);
    refuses(() => new mf.GoalNearXZ(1, v, 2), 'GoalNearXZ: z ' + says);
    refuses(() => new mf.GoalGetToBlock(1, 1, v), 'GoalGetToBlock: z ' + says);
  }
  refuses(() => new mf.GoalXZ(NaN, NaN), 'GoalXZ: x is NaN; a block coordinate must be a finite number within int32');
  refuses(() => new mf.GoalNear(1, 2, 3), 'GoalNear: range is missing');
  refuses(() => new mf.GoalNear(1, 2, 3, NaN), 'GoalNear: range is NaN');
  refuses(() => new mf.GoalNear(1, 2, 3, -1), 'GoalNear: range is -1; it must be a finite number >= 0');
  refuses(() => new mf.GoalNearXZ(1, 2), 'GoalNearXZ: range is missing');
  refuses(() => new mf.GoalFollow({ position: { x: 0, y: 0, z: 0 } }, Infinity), 'GoalFollow: range is Infinity');
  refuses(() => new mf.GoalFollow({ position: { x: NaN, y: 0, z: 0 } }, 2), 'GoalFollow: entity.position: x is NaN');
  // Positions with fractions are the block that holds them, as Minecraft rounds them.
  const b = new mf.GoalBlock(12.7, 1.2, 8.99);
  assert.deepStrictEqual([b.x, b.y, b.z], [12, 1, 8]);
  const n = new mf.GoalBlock(-0.5, 64, -16.01);
  assert.deepStrictEqual([n.x, n.y, n.z], [-1, 64, -17]);
  // Good goals become queries that route.
  const { world } = doorWorld();
  const nav = new voxnav.Navigator(world, player);
  for (const g of [b, new mf.GoalXZ(12, 8), new mf.GoalY(1), new mf.GoalNear(12, 1, 8, 1), new mf.GoalNearXZ(12, 8, 1.5),
    new mf.GoalGetToBlock(12, 1, 8), new mf.GoalCompositeAny([new mf.GoalXZ(12, 8), new mf.GoalBlock(13, 1, 8)])]) {
    assert.ok(nav.findRoute([2, 1, 8], g.toVoxnav()).usable, `${g.constructor.name} routes`);
  }
  assert.ok(nav.findRoute([2, 1, 8], new mf.GoalInvert(new mf.GoalNear(2, 1, 8, 2)).toVoxnav()).usable, 'GoalInvert routes away');
});

test('a nearXZ goal is one region: any height within range horizontally; GoalNearXZ of range 3000 is one goal', () => {
  const { world } = doorWorld();
  const nav = new voxnav.Navigator(world, player);
  // Within 2 of (12, 8) horizontally: the route through the door ends on
  // its first column within range, x = 10.
  const r = nav.findRoute([2, 1, 8], voxnav.goals.nearXZ(12, 8, 2));
  assert.strictEqual(r.status, 'found');
  const last = r.waypoints[r.waypoints.length - 1];
  assert.ok(Math.hypot(last.x - 12, last.z - 8) <= 2, `ends within range (${last.x}, ${last.z})`);
  assert.strictEqual(last.x, 10);
  refuses(() => voxnav.goals.nearXZ(1, NaN, 2), 'goals.nearXZ: z is NaN');
  refuses(() => voxnav.goals.nearXZ(1, 2), 'goals.nearXZ: radius is missing');
  // mineflayer's GoalNearXZ: one goal whatever its range (it listed every
  // column: 2.8 s and 1.25 GB at range 1,000), routed in a few expansions.
  const { goals: mf } = require('../mineflayer');
  const t0 = process.hrtime.bigint();
  const g = new mf.GoalNearXZ(3012, 8, 3000).toVoxnav();
  const far = nav.findRoute([2, 1, 8], g);
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  assert.ok(!Array.isArray(g), 'one goal, not a list');
  assert.strictEqual(far.status, 'found');
  assert.ok(ms < 200, `planned in ${ms.toFixed(1)} ms`);
  const end = far.waypoints[far.waypoints.length - 1];
  assert.ok(new mf.GoalNearXZ(3012, 8, 3000).isEnd(end.x, end.y, end.z), `the route ends where isEnd holds (${end.x}, ${end.z})`);
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
