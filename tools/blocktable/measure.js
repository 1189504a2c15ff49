// SPDX-License-Identifier: MIT
'use strict'
// Measures what Minecraft's slow blocks do to a player's body by running
// prismarine-physics (the physics the judge in tests/physics steps bodies
// with; nobody here wrote it) over tiny worlds made of minecraft-data's
// blocks, and turns each measurement into the block table's speed words
// (generate.js writes them, with a comment naming the source):
//
//   slow=H,V        a passable block in the body (cobweb): H = the speed of
//                   a body walking through a long run of it / on open floor;
//                   V = the speed at which a body falling into it sinks /
//                   the open-floor walking speed (both voxels per second).
//   floor_speed=F   a floor (soul sand, honey, slime): the speed of a body
//                   walking on a long bed of it / on stone.
//   jump=J          a floor that lowers a jump (honey): the height a jump
//                   from it rises / from stone.
//
// Speeds are steady ones (after 40 ticks of walking from rest, over the next
// 40), so H and F do not depend on how long a run is; one web column, the
// case players meet, is measured too and printed beside what the movement
// rules make of H (docs/movement.md, "Slow blocks").
//
//   const m = require('./measure')
//   m.measureAll()   -> { blocks: {name: {...}}, source: '...' }
const { Vec3 } = require('vec3')

const TICK = 1 / 20 // [s]
// Where the measured worlds stand in prismarine's frame: prismarine-physics
// 1.11 clips box faces without vanilla's epsilon and lets a body through a
// face at a few planes near 0 (PrismarineJS/prismarine-physics#135); the
// judge puts its worlds 1000 blocks along every axis for that, and so do we.
const OFFSET = 1000

// The physics of one Minecraft version: its blocks and a Physics instance.
function physicsOf (version) {
  const mcData = require('minecraft-data')(version)
  const Block = require('prismarine-block')(version)
  const { Physics, PlayerState } = require('prismarine-physics')
  return { version, mcData, Block, Physics, PlayerState }
}

// A world of named blocks given by `at(x, y, z) -> name` (file coordinates).
function worldOf (P, at) {
  const protos = new Map()
  return {
    getBlock (pos) {
      const x = Math.floor(pos.x); const y = Math.floor(pos.y); const z = Math.floor(pos.z)
      const name = at(x - OFFSET, y - OFFSET, z - OFFSET)
      let proto = protos.get(name)
      if (!proto) {
        proto = P.Block.fromStateId(P.mcData.blocksByName[name].defaultState, 0)
        protos.set(name, proto)
      }
      const b = Object.create(proto)
      b.position = new Vec3(x, y, z)
      return b
    }
  }
}

// A player body at feet (file coordinates) facing +x, at rest, with `controls`.
function bodyAt (P, world, feet, controls) {
  const c = Object.assign({ forward: false, back: false, left: false, right: false, jump: false, sprint: false, sneak: false }, controls)
  const bot = {
    entity: {
      position: new Vec3(feet[0] + OFFSET, feet[1] + OFFSET, feet[2] + OFFSET),
      velocity: new Vec3(0, 0, 0),
      onGround: true,
      isInWater: false,
      isInLava: false,
      isInWeb: false,
      isCollidedHorizontally: false,
      isCollidedVertically: false,
      elytraFlying: false,
      yaw: -Math.PI / 2, // facing +x
      pitch: 0,
      effects: {}
    },
    inventory: { slots: [] },
    jumpTicks: 0,
    jumpQueued: false,
    fireworkRocketDuration: 0,
    version: P.version
  }
  const physics = P.Physics(P.mcData, world)
  const state = new P.PlayerState(bot, c)
  return {
    state,
    tick () { physics.simulatePlayer(state, world) },
    x () { return state.pos.x - OFFSET },
    y () { return state.pos.y - OFFSET }
  }
}

// Stone everywhere below y = 0 on a 1-wide lane (z = 0); `floor(x)` the
// top two layers (y = 0 and -1: prismarine-physics looks for the block
// that slows the feet at floor(feet y) - 1, one under the one vanilla reads
// when the floor is lower than a full block, as soul sand (14/16) and honey
// (15/16) are; a bed two deep has the block at both places);
// `inside(x, y)` what stands in the lane above the floor.
function lane (floor, inside) {
  return (x, y, z) => {
    if (z !== 0) return 'air'
    if (y < -1) return 'stone'
    if (y <= 0) return floor(x)
    return inside(x, y)
  }
}

// Feet height standing on `name` at y = 0. [voxels]
function surfaceOf (P, name) {
  const shapes = P.Block.fromStateId(P.mcData.blocksByName[name].defaultState, 0).shapes
  return shapes.reduce((m, s) => Math.max(m, s[4]), 0)
}

// Steady walking speed on the lane [voxels/s]: forward from rest at x = 0.5
// for 40 ticks, then measured over 40 more.
function steadySpeed (P, at, feetY, sprint) {
  const b = bodyAt(P, worldOf(P, at), [0.5, feetY, 0.5], { forward: true, sprint })
  for (let i = 0; i < 40; i++) b.tick()
  const x0 = b.x()
  for (let i = 0; i < 40; i++) b.tick()
  return (b.x() - x0) / (40 * TICK)
}

// Seconds to walk from x = 1.5 to x = 9.5 (eight blocks) from rest on stone,
// with `inside(x, y)` in the lane: the one web column.
function crossing (P, inside, sprint) {
  const b = bodyAt(P, worldOf(P, lane(() => 'stone', inside)), [1.5, 1, 0.5], { forward: true, sprint })
  for (let t = 1; t < 20 * 120; t++) {
    b.tick()
    if (b.x() >= 9.5) return t * TICK
  }
  return Infinity
}

// Sinking speed in a column of `name` [voxels/s]: a body let go inside a
// tall column of it, measured over 40 ticks after 40.
function sinkSpeed (P, name) {
  const at = (x, y, z) => (x === 0 && z === 0 && y >= 1 && y <= 60 ? name : y <= 0 ? 'stone' : 'air')
  const b = bodyAt(P, worldOf(P, at), [0.5, 50, 0.5], {})
  b.state.onGround = false
  for (let i = 0; i < 40; i++) b.tick()
  const y0 = b.y()
  for (let i = 0; i < 40; i++) b.tick()
  return (y0 - b.y()) / (40 * TICK)
}

// Highest rise of a jump from a bed of `name` [voxels], standing still.
function jumpRise (P, name) {
  const feet = surfaceOf(P, name)
  const b = bodyAt(P, worldOf(P, lane(() => name, () => 'air')), [0.5, feet, 0.5], { jump: true })
  let top = feet
  for (let i = 0; i < 30; i++) {
    b.tick()
    top = Math.max(top, b.y())
    b.state.control.jump = false
  }
  return top - feet
}

const round = (v) => Number(v.toFixed(4))

// Every measurement the table's words come from.
//   version:      the Minecraft version whose blocks and physics rules are used
//   floorVersion: the newest version prismarine-physics slows a floor in
//                 (its feature velocityBlocksOnTop stops at 1.20; vanilla
//                 1.21 keeps soul sand's and honey's speed factor 0.4)
function measureAll (version = '1.21.11', floorVersion = '1.20.6') {
  const P = physicsOf(version)
  const F = physicsOf(floorVersion)
  const pkg = (n) => require(n + '/package.json').version
  const out = { blocks: {} }
  out.source = `prismarine-physics ${pkg('prismarine-physics')}, minecraft-data ${pkg('minecraft-data')}, ` +
    `prismarine-block ${pkg('prismarine-block')}`
  const stone = () => lane(() => 'stone', () => 'air')
  const open = { walk: steadySpeed(P, stone(), 1, false), sprint: steadySpeed(P, stone(), 1, true) }
  out.open = { walk: round(open.walk), sprint: round(open.sprint) }

  // Passable blocks in the body: a long run at feet and head.
  for (const name of ['cobweb', 'sweet_berry_bush', 'powder_snow']) {
    const run = lane(() => 'stone', (x, y) => (x >= 0 && x <= 40 && y <= 2 ? name : 'air'))
    const walk = steadySpeed(P, run, 1, false) / open.walk
    const sprint = steadySpeed(P, run, 1, true) / open.sprint
    const sink = sinkSpeed(P, name)
    const b = { kind: 'inside', walk: round(walk), sprint: round(sprint), sink: round(sink), vertical: round(sink / open.walk) }
    if (name === 'cobweb') {
      const column = (x, y) => (x === 5 && y <= 2 ? name : 'air')
      const none = () => 'air'
      b.crossing = {
        walk: [round(crossing(P, column, false)), round(crossing(P, none, false))],
        sprint: [round(crossing(P, column, true)), round(crossing(P, none, true))]
      }
    }
    out.blocks[name] = b
  }
  // Floors: a long bed two deep (see lane()).
  for (const name of ['soul_sand', 'honey_block', 'slime_block']) {
    const Q = name === 'slime_block' ? P : F // slime: friction, in every version's rules
    const feet = surfaceOf(Q, name)
    const base = { walk: steadySpeed(Q, stone(), 1, false), sprint: steadySpeed(Q, stone(), 1, true) }
    const bed = lane(() => name, () => 'air')
    const walk = steadySpeed(Q, bed, feet, false) / base.walk
    const sprint = steadySpeed(Q, bed, feet, true) / base.sprint
    const jump = jumpRise(Q, name) / jumpRise(Q, 'stone')
    out.blocks[name] = { kind: 'floor', version: Q.version, walk: round(walk), sprint: round(sprint), jump: round(jump) }
  }
  return out
}

module.exports = { measureAll }

if (require.main === module) console.log(JSON.stringify(measureAll(...process.argv.slice(2)), null, 2))
