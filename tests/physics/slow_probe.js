// SPDX-License-Identifier: MIT
'use strict'
// Measures what slow blocks cost a Minecraft player in prismarine-physics
// (issue 36): a body walking (no sprint) straight along a 1-wide lane
// through a cobweb, over soul sand and over honey, against the plain lane,
// and the price voxnav's movement rules give the same lanes. (In 1.21.1's
// rules prismarine-physics 1.11.1 slows no floor: soul sand and honey come
// out x1.00 here; the table measures them in 1.20.6's, see measure.js.)
//   node slow_probe.js --voxnav ../../build/bin/voxnav [--source ../..]
// Prints one line per lane: physics seconds, voxnav seconds, both as a ratio
// to the plain lane.
const fs = require('fs')
const os = require('os')
const path = require('path')
const { execFileSync } = require('child_process')
const { Vec3 } = require('vec3')
const { Physics, PlayerState } = require('prismarine-physics')
const { mcData, PhysicsWorld, OFFSET } = require('./blocks')

const LEN = 12 // the lane: x = 0 .. LEN - 1 at z = 0, floor y = 0, feet y = 1

function lane (kind) {
  const states = [{ name: 'air', props: {} }, { name: 'stone', props: {} }, { name: 'cobweb', props: {} },
    { name: 'soul_sand', props: {} }, { name: 'honey_block', props: {} }]
  const at = (x, y, z) => {
    if (x < 0 || x >= LEN || z < -1 || z > 1) return 0
    if (z !== 0) return y >= 0 && y <= 3 ? 1 : 0 // walls
    if (y === 0) return kind === 'soul_sand' && x >= 4 && x < 8 ? 3 : kind === 'honey' && x >= 4 && x < 8 ? 4 : 1
    if (kind === 'cobweb' && x === 6 && (y === 1 || y === 2)) return 2
    return 0
  }
  return { file: 'lane-' + kind, min: [0, 0, -1], max: [LEN - 1, 3, 1], states, get: at }
}

// Ticks for the body to walk from x = 1.5 to x = LEN - 1.5, pressing forward.
function physicsSeconds (world) {
  const pworld = new PhysicsWorld(world)
  const physics = Physics(mcData, pworld)
  const controls = { forward: true, back: false, left: false, right: false, jump: false, sprint: false, sneak: false }
  const bot = {
    entity: {
      position: new Vec3(1.5 + OFFSET, 1 + OFFSET, 0.5 + OFFSET), velocity: new Vec3(0, 0, 0), onGround: true,
      isInWater: false, isInLava: false, isInWeb: false, isCollidedHorizontally: false, isCollidedVertically: false,
      elytraFlying: false, yaw: -Math.PI / 2, pitch: 0, effects: {}
    },
    inventory: { slots: [] }, jumpTicks: 0, jumpQueued: false, fireworkRocketDuration: 0, version: '1.21.1'
  }
  const state = new PlayerState(bot, controls)
  for (let tick = 1; tick < 20 * 120; ++tick) {
    physics.simulatePlayer(state, pworld)
    if (state.pos.x - OFFSET >= LEN - 1.5) return tick / 20
  }
  return Infinity
}

// The shipped table's words for a block (since issue 57 measured with
// prismarine-physics by tools/blocktable/measure.js).
function tableWords (source, name) {
  const line = fs.readFileSync(path.join(source, 'worlds/minecraft_blocks.txt'), 'utf8').split('\n')
    .find(l => l.split(/\s+/)[0] === name)
  return line.trim().split(/\s+/).slice(1).filter(w => !w.startsWith('hardness=')).join(' ')
}

// voxnav's price of the same lane, from the shipped table's words.
function voxnavSeconds (voxnav, source, kind) {
  const legend = `legend w cobweb ${tableWords(source, 'cobweb')}\nlegend n soul_sand ${tableWords(source, 'soul_sand')}\n` +
    `legend y honey_block ${tableWords(source, 'honey_block')}\n`
  const row = (y) => {
    let r = ''
    for (let x = 0; x < LEN; ++x) {
      if (y === 0) r += kind === 'soul_sand' && x >= 4 && x < 8 ? 'n' : kind === 'honey' && x >= 4 && x < 8 ? 'y' : '#'
      else r += kind === 'cobweb' && x === 6 ? 'w' : '.'
    }
    return r
  }
  const text = `voxnav-world 1\nsize ${LEN} 3 1\n${legend}layer 0\n${row(0)}\nlayer 1\n${row(1)}\nlayer 2\n${row(2)}\n`
  const file = path.join(os.tmpdir(), `voxnav-slow-${kind}.vxw`)
  fs.writeFileSync(file, text)
  const out = execFileSync(voxnav, ['route', '--world', file, '--from', '1,1,0', '--to', `${LEN - 2},1,0`,
    '--agent', path.join(source, 'worlds/agents/player.json'), '--json']).toString()
  return JSON.parse(out).cost
}

const args = process.argv.slice(2)
const voxnav = args[args.indexOf('--voxnav') + 1]
const source = args.includes('--source') ? args[args.indexOf('--source') + 1] : path.resolve(__dirname, '..', '..')
const plain = { physics: physicsSeconds(lane('plain')), voxnav: voxnavSeconds(voxnav, source, 'plain') }
for (const kind of ['plain', 'cobweb', 'soul_sand', 'honey']) {
  const p = physicsSeconds(lane(kind)); const v = voxnavSeconds(voxnav, source, kind)
  console.log(`${kind.padEnd(10)} physics ${p.toFixed(2)} s (x${(p / plain.physics).toFixed(2)})   voxnav ${v.toFixed(2)} s (x${(v / plain.voxnav).toFixed(2)})`)
}
