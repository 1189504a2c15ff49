// SPDX-License-Identifier: MIT
'use strict'
// A Minecraft player body stepped by prismarine-physics, steered by what
// `voxnav follow` says, acting on its world (doors, gates, trapdoors) as a
// player would.
const { Vec3 } = require('vec3')
const { Physics, PlayerState } = require('prismarine-physics')
const { VERSION, mcData, OFFSET } = require('./blocks')

const CLIMBABLE = new Set(['ladder', 'vine', 'scaffolding', 'cave_vines', 'cave_vines_plant', 'weeping_vines',
  'weeping_vines_plant', 'twisting_vines', 'twisting_vines_plant'])
// A survival player's reach, eye to block centre (4.5 to the block's nearest face). [blocks]
const REACH = 5.0
const EYE = 1.62

// "oak_door[facing=north,half=lower,open=true]": how the judge names a
// state to voxnav, the way a game would (Minecraft's own state string).
function stateString (st) {
  const keys = Object.keys(st.props)
  return keys.length ? st.name + '[' + keys.map(k => k + '=' + st.props[k]).join(',') + ']' : st.name
}

function isOpenable (name) {
  return name.endsWith('_door') || name.endsWith('_fence_gate') || name.endsWith('_trapdoor')
}

class Body {
  constructor (world, pworld, feet) {
    this.world = world
    this.pworld = pworld
    this.physics = Physics(mcData, pworld)
    this.controls = { forward: false, back: false, left: false, right: false, jump: false, sprint: false, sneak: false }
    const bot = {
      entity: {
        position: new Vec3(feet[0] + OFFSET, feet[1] + OFFSET, feet[2] + OFFSET), // the physics frame (blocks.js)
        velocity: new Vec3(0, 0, 0),
        onGround: true,
        isInWater: false,
        isInLava: false,
        isInWeb: false,
        isCollidedHorizontally: false,
        isCollidedVertically: false,
        elytraFlying: false,
        yaw: 0,
        pitch: 0,
        effects: {}
      },
      inventory: { slots: [] },
      jumpTicks: 0,
      jumpQueued: false,
      fireworkRocketDuration: 0,
      version: VERSION
    }
    this.state = new PlayerState(bot, this.controls)
    this.edits = [] // to report with the next state line
    this.acts = [] // every open and close done, for the failure report
  }

  // The feet centre in the world file's coordinates (voxnav's).
  feet () {
    const p = this.state.pos
    return [p.x - OFFSET, p.y - OFFSET, p.z - OFFSET]
  }

  onClimbable () {
    const [x, y, z] = this.feet()
    return CLIMBABLE.has(this.world.state(Math.floor(x), Math.floor(y), Math.floor(z)).name)
  }

  // The state line `voxnav follow` reads.
  line () {
    const s = this.state
    const o = {
      pos: this.feet(),
      vel: [s.vel.x * 20, s.vel.y * 20, s.vel.z * 20], // blocks per tick -> per second
      on_ground: !!s.onGround,
      in_liquid: !!(s.isInWater || s.isInLava),
      on_climbable: this.onClimbable()
    }
    if (this.edits.length) o.edits = this.edits
    this.edits = []
    return JSON.stringify(o)
  }

  inReach (v) {
    const [x, y, z] = this.feet()
    return Math.hypot(v[0] + 0.5 - x, v[1] + 0.5 - (y + EYE), v[2] + 0.5 - z) <= REACH
  }

  // Sets `open` on the door, gate or trapdoor at v (both halves of a door),
  // as a right click does; the changed blocks become edits. False when
  // there is nothing to open there or it is out of reach.
  setOpen (v, open, tick) {
    const st = this.world.state(v[0], v[1], v[2])
    if (!isOpenable(st.name) || !this.inReach(v)) return false
    if (st.name === 'iron_door' || st.name === 'iron_trapdoor') return false // redstone only
    if ((st.props.open === 'true') === open) return true // already so: a click would toggle it back
    const voxels = [v]
    if (st.name.endsWith('_door')) {
      const other = [v[0], v[1] + (st.props.half === 'upper' ? -1 : 1), v[2]]
      if (this.world.state(other[0], other[1], other[2]).name === st.name) voxels.push(other)
    }
    for (const w of voxels) {
      const cur = this.world.state(w[0], w[1], w[2])
      const next = { name: cur.name, props: Object.assign({}, cur.props, { open: open ? 'true' : 'false' }) }
      this.world.set(w[0], w[1], w[2], next)
      this.edits.push([w[0], w[1], w[2], stateString(next)])
    }
    this.acts.push({ tick, act: open ? 'open' : 'close', at: v, block: st.name })
    return true
  }

  // The body's collision box in the physics frame, its size read from the
  // physics (prismarine-physics' player: half width 0.3, height 1.8).
  box () {
    const p = this.state.pos
    const w = this.physics.playerHalfWidth
    const h = this.physics.playerHeight
    return [p.x - w, p.y, p.z - w, p.x + w, p.y + h, p.z + w]
  }

  // The deepest overlap, deeper than tol on all three axes, of the body's
  // collision box with a block's collision box, or null. The shapes are
  // the ones prismarine-physics collides with: the same PhysicsWorld blocks
  // (blocks.js, minecraft-data 1.21.1 shapes of each state, an open door
  // its open shape), over the same voxels its getSurroundingBBs() asks (one
  // layer below the box too: fences and walls reach 1.5 up). Blocks without
  // a collision shape (air, water, cobweb, grass) have no shapes here, as
  // in the physics.
  insideSolid (tol) {
    const b = this.box()
    let worst = null
    for (let y = Math.floor(b[1]) - 1; y <= Math.floor(b[4]); ++y) {
      for (let z = Math.floor(b[2]); z <= Math.floor(b[5]); ++z) {
        for (let x = Math.floor(b[0]); x <= Math.floor(b[3]); ++x) {
          const block = this.pworld.blockAt(x - OFFSET, y - OFFSET, z - OFFSET)
          for (const s of block.shapes) {
            const dx = Math.min(b[3], x + s[3]) - Math.max(b[0], x + s[0])
            const dy = Math.min(b[4], y + s[4]) - Math.max(b[1], y + s[1])
            const dz = Math.min(b[5], z + s[5]) - Math.max(b[2], z + s[2])
            const depth = Math.min(dx, dy, dz)
            if (depth <= tol || (worst && depth <= worst.depth)) continue
            const v = [x - OFFSET, y - OFFSET, z - OFFSET]
            worst = { depth, voxel: v, block: this.world.state(v[0], v[1], v[2]).key, shape: s.slice(), overlap: [dx, dy, dz] }
          }
        }
      }
    }
    return worst
  }

  // One tick: the steering to controls, the world acts, then physics. A
  // steering with `released` holds no key at all (not even sneak on a
  // ladder): the judge's settle ticks.
  step (s, tick) {
    const st = this.state
    const c = this.controls
    if (s.open) this.setOpen(s.open, true, tick)
    if (s.close) this.setOpen(s.close, false, tick)
    const [hx, hz] = s.heading || [0, 0]
    const moving = s.speed > 0 && (hx !== 0 || hz !== 0)
    // Minecraft's yaw: 0 faces -z (north), growing towards -x (west).
    if (moving) st.yaw = Math.atan2(-hx, -hz)
    const climbable = this.onClimbable()
    const [fx, , fz] = this.feet()
    const dist = Math.hypot(s.target[0] - fx, s.target[2] - fz)
    c.forward = moving
    c.sprint = !!s.sprint
    c.jump = !!s.jump
    c.sneak = false
    if (climbable && !st.onGround && !s.released) {
      // Up: jump climbs (1.14+) and walking into the ladder does; down:
      // let go (slides at the ladder's speed), walking only to centre;
      // hold: sneak.
      if (s.climb > 0) c.jump = true
      else if (s.climb < 0) c.forward = moving && dist > 0.2
      else if (!moving) c.sneak = true
    }
    this.physics.simulatePlayer(st, this.pworld)
  }
}

module.exports = { Body, stateString, isOpenable }
