// SPDX-License-Identifier: MIT
'use strict'
// Leaps that land (issue 57): a prismarine-physics player body steered by
// `voxnav follow` along one-wide parkour lines over a 3-deep pit, judged
// where it comes to rest (judge.js: the body, never the follower's word)
// and never below the line (a body that fell into the pit failed, whatever
// it did after).
//
//   node leaps.js --voxnav build/bin/voxnav --source . [--verbose] [--trace]
//
// The agent is the player profile leaping gaps of up to 2 (as voxnav's
// mineflayer plugin gives it). Courses, x along the line, floor y 3 (feet
// 4), pit floor y 0:
//   gaps 1,2,1,2 over 1-wide landings (the issue's line), from a standstill;
//   gaps 2,2,2 and 1,1,1 likewise;
//   each gap width alone, 1 and 2, onto a 1-wide landing, from a standstill
//   and from a run-up; a turn on a 1-wide landing between two leaps.
// Exit 0 when every course arrived at rest and no tick was below the line
// or inside a solid, 1 otherwise, 2 on errors.
const fs = require('fs')
const os = require('os')
const path = require('path')
const { World } = require('./world')
const { PhysicsWorld } = require('./blocks')
const { route, follow } = require('./judge')

const FLOOR = 3 // the line's blocks; feet at FLOOR + 1
const FEET = FLOOR + 1

// A course: the standing blocks (x, z) of the line; start and goal on it.
function line (name, runs, start, goal) {
  const stand = new Set()
  for (const [x, z] of runs) stand.add(x + ',' + z)
  return { name, stand, start, goal }
}

// Runs along x at z 2: [from, to] inclusive.
function runsX (...spans) {
  const out = []
  for (const [a, b] of spans) for (let x = a; x <= b; ++x) out.push([x, 2])
  return out
}

const COURSES = [
  // 3 blocks, gap 1, 1, gap 2, 1, gap 1, 1, gap 2, 3 blocks
  line('gaps 1,2,1,2 over 1-wide landings', runsX([0, 2], [4, 4], [7, 7], [9, 9], [12, 14]), [1, 2], [13, 2]),
  line('gaps 2,2,2 over 1-wide landings', runsX([0, 2], [5, 5], [8, 8], [11, 13]), [1, 2], [12, 2]),
  line('gaps 2,1,2,1 over 1-wide landings', runsX([0, 2], [5, 5], [7, 7], [10, 10], [12, 14]), [1, 2], [13, 2]),
  line('gaps 2,2 with a turn on the 1-wide landing', [...runsX([0, 2], [5, 5]), [5, 5], [5, 6], [5, 7]].concat([[5, 8]]).filter(([x, z]) => !(x === 5 && (z === 3 || z === 4))), [1, 2], [5, 7]),
  line('gaps 1,1,1 over 1-wide landings', runsX([0, 2], [4, 4], [6, 6], [8, 10]), [1, 2], [9, 2]),
  line('gap 1 onto a 1-wide landing, from a standstill at the edge', runsX([0, 2], [4, 4], [6, 8]), [2, 2], [7, 2]),
  line('gap 2 onto a 1-wide landing, from a standstill at the edge', runsX([0, 2], [5, 5], [7, 9]), [2, 2], [8, 2]),
  line('gap 1 onto a 1-wide landing, after a run-up', runsX([0, 6], [8, 8], [10, 12]), [0, 2], [11, 2]),
  line('gap 2 onto a 1-wide landing, after a run-up', runsX([0, 6], [9, 9], [11, 13]), [0, 2], [12, 2]),
  line('gap 1, a turn on the 1-wide landing, gap 1', [...runsX([0, 2], [4, 4]), [4, 4], [4, 5], [4, 6]], [1, 2], [4, 6])
]

function worldOf (course) {
  const w = new World(course.name)
  const xs = [...course.stand].map(k => Number(k.split(',')[0]))
  const zs = [...course.stand].map(k => Number(k.split(',')[1]))
  w.min = [0, 0, 0] // the text format has no origin: courses start at x, z >= 0
  w.max = [Math.max(...xs) + 3, FEET + 4, Math.max(...zs) + 3]
  w.size = [w.max[0] - w.min[0], w.max[1] - w.min[1], w.max[2] - w.min[2]]
  w.dense = new Uint16Array(w.size[0] * w.size[1] * w.size[2])
  const stone = { name: 'stone', props: {} }
  for (let x = w.min[0]; x < w.max[0]; ++x) {
    for (let z = w.min[2]; z < w.max[2]; ++z) {
      w.put(x, 0, z, stone) // the pit's floor, 3 below the line
      if (course.stand.has(x + ',' + z)) w.put(x, FLOOR, z, stone)
    }
  }
  return w
}

// The same world as voxnav's text format, for the CLI.
function textOf (w) {
  const [sx, sy, sz] = w.size
  let t = `voxnav-world 1\nsize ${sx} ${sy} ${sz}\n`
  for (let y = 0; y < sy; ++y) {
    t += `layer ${y}\n`
    for (let z = 0; z < sz; ++z) {
      let row = ''
      for (let x = 0; x < sx; ++x) row += w.state(w.min[0] + x, y, w.min[2] + z).name === 'stone' ? '#' : '.'
      t += row + '\n'
    }
  }
  return t
}

async function main () {
  const args = process.argv.slice(2)
  const arg = (k) => { const i = args.indexOf(k); return i >= 0 ? args[i + 1] : undefined }
  const voxnav = path.resolve(arg('--voxnav'))
  const source = path.resolve(arg('--source') || path.join(__dirname, '..', '..'))
  const verbose = args.includes('--verbose')
  const player = JSON.parse(fs.readFileSync(path.join(source, 'worlds/agents/player.json'), 'utf8'))
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'voxnav-leaps-'))
  const agent = path.join(dir, 'leaping-player.json')
  fs.writeFileSync(agent, JSON.stringify(Object.assign({}, player, { jump_distance: 2 })))
  let failed = 0
  const results = []
  for (const course of COURSES) {
    const world = worldOf(course)
    const worldFile = path.join(dir, course.name.replace(/[^a-z0-9]+/gi, '_') + '.vxw')
    fs.writeFileSync(worldFile, textOf(world))
    const pair = { from: { x: course.start[0], z: course.start[1], h: FEET }, to: { x: course.goal[0], z: course.goal[1], h: FEET } }
    const o = { voxnav, worldFile, agent, trace: args.includes('--trace') }
    const r = await route(o, pair)
    if (!r.found) {
      console.log(`FAIL ${course.name}: voxnav finds no route (${r.why})`)
      ++failed
      continue
    }
    const leaps = r.route.waypoints.filter(w => w.action === 'leap').length
    // The lowest the body's feet came: below the line is in the pit.
    let lowest = Infinity
    const pworld = new PhysicsWorld(world)
    const out = await follow(o, pair, r.route, () => ({ world, pworld }), (body) => { lowest = Math.min(lowest, body.feet()[1]) })
    const fell = lowest < FEET - 0.5
    const ok = out.arrived && !fell && !out.ticks_inside_solid
    if (!ok) ++failed
    results.push({ course: course.name, leaps, arrived: out.arrived, fell, lowest, seconds: out.seconds, cost: r.route.cost })
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${course.name}: ${leaps} leap(s), ${out.arrived ? 'arrived at rest' : 'not arrived: ' + out.reason}` +
      `${fell ? `, FELL into the pit (feet down to y ${lowest.toFixed(2)})` : ''} in ${out.seconds.toFixed(2)} s (route cost ${r.route.cost.toFixed(2)} s)` +
      (verbose || !ok ? `\n     body ${JSON.stringify(out.body)} status ${out.status} replans ${out.replans}${out.why ? ' why: ' + out.why : ''}` : ''))
  }
  fs.rmSync(dir, { recursive: true, force: true })
  console.log(`leaps: ${COURSES.length - failed} of ${COURSES.length} courses crossed and arrived at rest`)
  process.exit(failed ? 1 : 0)
}

main().catch((e) => { console.error('leaps.js: ' + (e.stack || e)); process.exit(2) })
