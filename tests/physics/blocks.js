// SPDX-License-Identifier: MIT
'use strict'
// The world's block states as prismarine-block blocks (Minecraft 1.21.1
// collision shapes from minecraft-data), and the world interface
// prismarine-physics asks: getBlock(position).
const { Vec3 } = require('vec3')

const VERSION = '1.21.1'
const mcData = require('minecraft-data')(VERSION)
const Block = require('prismarine-block')(VERSION)

// Names older files use for blocks 1.21.1 calls otherwise.
const RENAMED = { grass: 'short_grass', grass_path: 'dirt_path' }

// One prismarine Block for a state {name, props}: the block's default state
// with the file's properties laid over it (a property the file leaves out
// keeps its default, not the first value). Names 1.21.1 does not know (mods)
// become stone, as voxnav makes names it does not know solid.
function blockOfState (st) {
  let name = st.name
  if (RENAMED[name] && !mcData.blocksByName[name]) name = RENAMED[name]
  const info = mcData.blocksByName[name]
  if (!info) return { block: Block.fromStateId(mcData.blocksByName.stone.defaultState, 0), known: false }
  const base = Block.fromStateId(info.defaultState, 0)
  const props = Object.assign({}, base._properties)
  for (const s of info.states || []) {
    if (st.props[s.name] === undefined) continue
    const v = String(st.props[s.name])
    props[s.name] = s.type === 'bool' ? v === 'true' : s.type === 'int' ? Number(v) : v
  }
  return { block: Block.fromProperties(name, props, 0), known: true }
}

// Where the judge puts every world in prismarine-physics' frame: 1000 blocks
// along x, y and z from its file coordinates. prismarine-physics 1.11
// compares box faces exactly (no epsilon, where vanilla collides with a 1e-7
// tolerance), so at a few planes (x or z at 0, -1, -2, 2, 32, -32, 512 ...,
// ceilings and floors at -1, -2, 18, 258 ...) a body clipped against a face
// is rebuilt 2e-16 inside it and walks through the wall on the next tick
// (PrismarineJS/prismarine-physics#135). Minecraft's physics does not depend
// on where a build stands; checkOffset() proves every face plane of the
// world is clear of that drift at this offset.
const OFFSET = 1000

// Whether prismarine's arithmetic leaves a 0.6 x 1.8 box clipped against the
// plane c (horizontal: x or z; vertical: y) on the right side of it next tick.
function planeHolds (c, vertical) {
  for (let i = 1; i <= 120; ++i) {
    const d = i * 0.00371
    if (vertical) {
      // the head meets a ceiling at c; the feet land on a floor at c
      let lo = c - 1.8 - d; lo += Math.min(c - (lo + 1.8), 0.6)
      if (lo + 1.8 > c) return false
      lo = c + d; lo += Math.max(c - lo, -0.6)
      if (lo < c) return false
    } else {
      // the box (centre p, half width 0.3) meets c going + and going -
      let p = c - 0.3 - d; let lo = p - 0.3; lo += Math.min(c - (p + 0.3), 0.6); p = lo + 0.3
      if (p + 0.3 > c) return false
      p = c + 0.3 + d; lo = p - 0.3; lo += Math.max(c - lo, -0.6); p = lo + 0.3
      if (p - 0.3 < c) return false
    }
  }
  return true
}

// Throws when a face plane (sixteenths) of the world's box, moved by OFFSET,
// is one where prismarine lets a body through.
function checkOffset (world) {
  for (let a = 0; a < 3; ++a) {
    for (let c = world.min[a] - 2; c <= world.max[a] + 3; ++c) {
      for (let f = 0; f < 16; ++f) {
        if (!planeHolds(c + OFFSET + f / 16, a === 1)) throw new Error(world.file + ': axis ' + 'xyz'[a] + ' plane ' + (c + f / 16) + ' + ' + OFFSET + ' lets prismarine-physics through a face; choose another OFFSET')
      }
    }
  }
}

// A world's view for prismarine-physics, moved by OFFSET: getBlock(pos)
// gives a fresh object (its own position) over one shared Block per state.
class PhysicsWorld {
  constructor (world) {
    checkOffset(world)
    this.world = world
    this.protos = [] // state index -> Block
    this.unknown = new Set()
  }

  proto (i) {
    let p = this.protos[i]
    if (!p) {
      const st = this.world.states[i]
      const r = blockOfState(st)
      if (!r.known) this.unknown.add(st.name)
      p = this.protos[i] = r.block
    }
    return p
  }

  blockAt (x, y, z) { return this.proto(this.world.get(x, y, z)) }

  getBlock (pos) {
    const x = Math.floor(pos.x); const y = Math.floor(pos.y); const z = Math.floor(pos.z)
    const b = Object.create(this.proto(this.world.get(x - OFFSET, y - OFFSET, z - OFFSET)))
    b.position = new Vec3(x, y, z)
    return b
  }
}

module.exports = { VERSION, mcData, Block, blockOfState, PhysicsWorld, OFFSET, planeHolds }
