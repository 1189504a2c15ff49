// SPDX-License-Identifier: MIT
'use strict'
// One pair: asks `voxnav route` whether a route exists and what it costs,
// then drives a body through `voxnav follow` in a closed loop at 20 ticks/s.
const { spawn, execFile } = require('child_process')
const readline = require('readline')
const { Body } = require('./body')

const TICK = 0.05 // [s]
// The judge looks at the body, not at the follower's word: once the
// follower says `arrived`, the controls are released and the body is left to
// Minecraft's physics for up to SETTLE_TICKS; the route arrived only if the
// body came to rest (its feet moved less than STILL_MOVE in each of
// STILL_TICKS ticks) within REST_XZ horizontally and REST_Y vertically of
// the goal's feet point (issue 57).
const SETTLE_TICKS = 40 // 2 s
const STILL_TICKS = 3
const STILL_MOVE = 0.001 // [voxel per tick]
const REST_XZ = 0.5 // [voxel]
const REST_Y = 0.6 // [voxel]
// Every tick of every run (the start, each tick followed, each settle tick)
// the judge checks that the body's collision box overlaps no block's
// collision box (Body.insideSolid: the shapes the physics collides with)
// deeper than INSIDE_TOL on all three axes. prismarine-physics clips a move
// exactly at a box face, so a body touching a face overlaps it by 0 or by
// rounding (2e-16 at the planes of PrismarineJS/prismarine-physics#135;
// vanilla itself collides with a 1e-7 epsilon); 1e-3 is far above that and
// far below the thinnest shape a body can meet (1/16: carpets, a
// 1/16 rise, a door's 3/16 leaf), so an overlap it reports is a body in a
// block, not arithmetic.
const INSIDE_TOL = 1e-3 // [voxel]

function fmt (v) { return Number(v).toFixed(4).replace(/\.?0+$/, '') }
function at (p) { return '@' + fmt(p.x + 0.5) + ',' + fmt(p.h) + ',' + fmt(p.z + 0.5) }

// The route voxnav plans for the pair, or null when it finds none.
function route (o, pair) {
  return new Promise((resolve, reject) => {
    const args = ['route', '--world', o.worldFile, '--from', at(pair.from), '--to', at(pair.to), '--agent', o.agent, '--json']
    execFile(o.voxnav, args, { maxBuffer: 64 << 20 }, (err, stdout, stderr) => {
      let j = null
      try { j = JSON.parse(stdout) } catch (e) {
        // a start or goal that is no waypoint of voxnav's: no route found
        if (err && err.code === 1 || /snap|no waypoint|not a waypoint|stand/i.test(stderr)) return resolve({ found: false, why: stderr.trim() })
        return reject(new Error('voxnav route ' + args.join(' ') + ': ' + (stderr || e.message)))
      }
      if (j.status !== 'found') return resolve({ found: false, why: j.status + (j.error ? ': ' + j.error : '') })
      resolve({ found: true, route: j })
    })
  })
}

// The blocks around voxel (x, y, z): non-air states within one voxel, as
// "dx,dy,dz name[props]".
function blocksAround (world, v) {
  const out = []
  for (let dy = -1; dy <= 2; ++dy) {
    for (let dz = -1; dz <= 1; ++dz) {
      for (let dx = -1; dx <= 1; ++dx) {
        const st = world.state(v[0] + dx, v[1] + dy, v[2] + dz)
        if (st.name === 'air' || st.name === 'cave_air') continue
        out.push(`${v[0] + dx},${v[1] + dy},${v[2] + dz} ${st.key}`)
      }
    }
  }
  return out
}

// Counts the ticks the body's box is inside a solid; keeps the first.
class InsideSolid {
  constructor (body) {
    this.body = body
    this.ticks = 0 // ticks inside a solid
    this.checked = 0 // ticks checked
    this.first = null
  }

  // The body after tick `tick` (0: where it starts).
  look (tick) {
    ++this.checked
    const o = this.body.insideSolid(INSIDE_TOL)
    if (!o) return
    ++this.ticks
    if (this.first) return
    this.first = {
      tick,
      seconds: Number(fmt(tick * TICK)),
      pos: this.body.feet().map(c => Number(fmt(c))),
      voxel: o.voxel,
      block: o.block,
      shape: o.shape,
      depth: Number(o.depth.toPrecision(4))
    }
    // what the body did to the world in the tick that led here and the one
    // before (a door closed on the body shows here)
    const acts = this.body.acts.filter(a => a.tick >= tick - 2 && a.tick < tick)
    if (acts.length) this.first.acts = acts
  }
}

// After the follower said `arrived` at `tick`: controls released, the body
// settles; the outcome says whether it came to rest at the goal's feet point.
function settle (body, goal, tick, inside) {
  const released = { speed: 0, heading: [0, 0], target: body.feet(), jump: false, sprint: false, climb: 0, released: true }
  const feet = { x: goal.x + 0.5, y: goal.feet_y, z: goal.z + 0.5 }
  let prev = body.feet()
  let still = 0
  let t = 0
  while (t < SETTLE_TICKS && still < STILL_TICKS) {
    body.step(released, tick + t)
    ++t
    inside.look(tick + t)
    const f = body.feet()
    still = Math.hypot(f[0] - prev[0], f[1] - prev[1], f[2] - prev[2]) < STILL_MOVE ? still + 1 : 0
    prev = f
  }
  const f = body.feet()
  const off = { xz: Math.hypot(f[0] - feet.x, f[2] - feet.z), y: f[1] - feet.y }
  const rest = { said_arrived: true, settle_seconds: t * TICK, rest_offset: [fmt(off.xz), fmt(off.y)].map(Number) }
  if (still < STILL_TICKS) return Object.assign(rest, { arrived: false, came_to_rest: false, reason: `said arrived, but the body was still moving ${fmt(SETTLE_TICKS * TICK)} s after the controls were released` })
  const there = off.xz <= REST_XZ && Math.abs(off.y) <= REST_Y
  return Object.assign(rest, {
    arrived: there,
    came_to_rest: true,
    reason: there ? 'arrived at rest' : `said arrived, but the body came to rest ${fmt(off.xz)} aside and ${fmt(off.y)} above the goal's feet point (allowed: ${REST_XZ}, ${REST_Y})`
  })
}

// The goal the pair asks for: its feet point (the standing place's x and
// z centre, feet height h), as given to `voxnav route --to`.
function goalOf (pair) { return { x: pair.to.x, z: pair.to.z, feet_y: pair.to.h } }

// Drives the body along the route; resolves with the outcome. onTick(body),
// if given, sees the body after every followed tick.
function follow (o, pair, r, makeWorld, onTick) {
  const { world, pworld } = makeWorld()
  const wps = r.waypoints
  const first = wps[0]; const end = wps[wps.length - 1]
  const limitTicks = Math.ceil((3 * r.cost + 10) / TICK)
  const body = new Body(world, pworld, [pair.from.x + 0.5, pair.from.h, pair.from.z + 0.5])
  const inside = new InsideSolid(body)
  inside.look(0)
  const args = ['follow', '--world', o.worldFile, '--from', `${first.x},${first.y},${first.z}`,
    '--to', `${end.x},${end.y},${end.z}`, '--agent', o.agent]
  return new Promise((resolve, reject) => {
    const child = spawn(o.voxnav, args, { stdio: ['pipe', 'pipe', 'pipe'] })
    child.on('error', (e) => reject(new Error('voxnav follow ' + args.join(' ') + ': ' + e.message))) // an error of the run, not a route's failure
    let stderr = ''
    child.stderr.on('data', d => { stderr += d })
    child.stdin.on('error', () => {}) // the follower may exit first
    const lines = readline.createInterface({ input: child.stdout })
    let tick = 0
    let last = null
    let done = null
    const track = [] // the last few steering lines
    const finish = (outcome) => {
      if (done) return
      done = outcome
      lines.close()
      try { child.stdin.end() } catch (e) {}
      child.kill()
    }
    child.on('close', (code) => {
      if (!done) {
        done = { arrived: false, said_arrived: false, reason: 'voxnav follow exited ' + code + (last && last.why ? ': ' + last.why : '') + (stderr ? ' (' + stderr.trim() + ')' : '') }
      }
      const f = body.feet()
      const p = { x: f[0], y: f[1], z: f[2] }
      const v = [Math.floor(p.x), Math.floor(p.y), Math.floor(p.z)]
      const out = Object.assign({
        seconds: tick * TICK,
        limit: limitTicks * TICK,
        waypoint: last ? last.waypoint : 0,
        waypoints: wps.length,
        replans: last ? last.replans : 0,
        status: last ? last.status : null,
        why: last && last.why ? last.why : undefined,
        body: [fmt(p.x), fmt(p.y), fmt(p.z)].map(Number),
        on_ground: body.state.onGround,
        ticks_checked: inside.checked,
        ticks_inside_solid: inside.ticks
      }, done)
      if (inside.first) out.first_inside_solid = inside.first
      // voxnav's route ends at its own waypoint for the goal; named when
      // its feet point is not the one asked for (judged at the asked one).
      if (end.x !== pair.to.x || end.z !== pair.to.z || Math.abs(end.feet_y - pair.to.h) > 1e-6) out.route_end = [end.x, end.feet_y, end.z]
      if (!out.arrived) {
        // The step: of the first route while it was followed; after a
        // re-plan, the follower's waypoint number and target.
        const k = Math.min(out.waypoint, wps.length - 1)
        const w = wps[k]
        out.step = out.replans <= 1
          ? { k, route: 'first', action: w.action, from: k > 0 ? [wps[k - 1].x, wps[k - 1].y, wps[k - 1].z] : null, to: [w.x, w.y, w.z], feet_y: w.feet_y, open: w.open }
          : { k: out.waypoint, route: 'plan ' + out.replans }
        out.target = last ? last.target : null
        const tv = out.target ? [Math.floor(out.target[0]), Math.floor(out.target[1]), Math.floor(out.target[2])] : [w.x, w.y, w.z]
        out.blocks_at_body = blocksAround(world, v)
        out.blocks_at_step = blocksAround(world, tv)
        out.acts = body.acts
        out.last_steering = track.slice(-3)
      }
      resolve(out)
    })
    lines.on('line', (text) => {
      if (done) return
      let s
      try { s = JSON.parse(text) } catch (e) { return finish({ arrived: false, said_arrived: false, reason: 'bad output line: ' + text }) }
      last = s
      track.push(text)
      if (track.length > 6) track.shift()
      if (s.status === 'arrived') return finish(settle(body, goalOf(pair), tick, inside))
      if (s.status === 'no_path' || s.status === 'failed') return finish({ arrived: false, said_arrived: false, reason: s.status + ': ' + (s.why || '') })
      if (o.trace) process.stdout.write(`    t${tick} ${body.feet().map(c => c.toFixed(3)).join(',')} v ${body.state.vel.x.toFixed(3)},${body.state.vel.y.toFixed(3)},${body.state.vel.z.toFixed(3)} g${body.state.onGround ? 1 : 0} <- ${text}\n`)
      body.step(s, tick)
      if (onTick) onTick(body)
      ++tick
      inside.look(tick)
      if (tick >= limitTicks) return finish({ arrived: false, said_arrived: false, reason: 'timeout: not arrived within 3 x cost + 10 s = ' + fmt(limitTicks * TICK) + ' s' })
      child.stdin.write(body.line() + '\n')
    })
    child.stdin.write(body.line() + '\n')
  })
}

module.exports = { route, follow, blocksAround, INSIDE_TOL }
