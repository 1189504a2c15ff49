// SPDX-License-Identifier: MIT
'use strict'
// Reads the world files the judge drives bodies through, on its own (not
// through voxnav): Sponge .schem v2 and v3, structure .nbt, and Anvil .mca
// regions with 1.18+ sections (block_states palettes). Coordinates as voxnav
// reads them: a .schem or .nbt has its block (0, 0, 0) at (0, 0, 0); a
// region keeps true world coordinates, negative y included.
//
// A world holds block states as indices into its own state list; each state
// is { name (without "minecraft:"), props: {key: value} }. set() changes a
// block (doors opened and closed).
const fs = require('fs')
const zlib = require('zlib')
const nbt = require('./nbt')

function stripNs (name) { return name.startsWith('minecraft:') ? name.slice(10) : name }

// "minecraft:oak_stairs[facing=east,half=bottom]" -> {name, props}
function parseStateString (s) {
  const i = s.indexOf('[')
  const name = stripNs(i < 0 ? s : s.slice(0, i))
  const props = {}
  if (i >= 0) {
    for (const kv of s.slice(i + 1, s.lastIndexOf(']')).split(',')) {
      if (!kv) continue
      const [k, v] = kv.split('=')
      props[k.trim()] = (v || '').trim()
    }
  }
  return { name, props }
}

function stateKey (st) {
  const keys = Object.keys(st.props).sort()
  return keys.length ? st.name + '[' + keys.map(k => k + '=' + st.props[k]).join(',') + ']' : st.name
}

class World {
  constructor (file) {
    this.file = file
    this.states = [] // index -> {name, props, key}
    this.stateIndex = new Map() // key -> index
    this.air = this.intern({ name: 'air', props: {} })
    this.chunks = new Map() // "cx,cz" -> Map(sectionY -> Uint16Array(4096)) for regions
    this.dense = null // Uint16Array for structures and schematics
    this.min = [0, 0, 0]
    this.max = [0, 0, 0] // exclusive
  }

  intern (st) {
    const key = stateKey(st)
    let i = this.stateIndex.get(key)
    if (i === undefined) {
      i = this.states.length
      this.states.push({ name: st.name, props: st.props, key })
      this.stateIndex.set(key, i)
    }
    return i
  }

  inBounds (x, y, z) {
    return x >= this.min[0] && x < this.max[0] && y >= this.min[1] && y < this.max[1] && z >= this.min[2] && z < this.max[2]
  }

  // The state index at (x, y, z); air outside what the file holds.
  get (x, y, z) {
    if (this.dense) {
      if (!this.inBounds(x, y, z)) return this.air
      const [w, , l] = this.size
      return this.dense[(x - this.min[0]) + w * ((z - this.min[2]) + l * (y - this.min[1]))]
    }
    const c = this.chunks.get((x >> 4) + ',' + (z >> 4))
    if (!c) return this.air
    const s = c.get(y >> 4)
    if (!s) return this.air
    return s[(x & 15) + 16 * ((z & 15) + 16 * (y & 15))]
  }

  state (x, y, z) { return this.states[this.get(x, y, z)] }

  // Changes a block; revert() undoes every set since the last revert.
  set (x, y, z, st) {
    if (!this.undo) this.undo = []
    this.undo.push([x, y, z, this.state(x, y, z)])
    this.put(x, y, z, st)
  }

  revert () {
    const u = this.undo || []
    for (let i = u.length - 1; i >= 0; --i) this.put(u[i][0], u[i][1], u[i][2], u[i][3])
    this.undo = []
  }

  put (x, y, z, st) {
    const i = this.intern(st)
    if (this.dense) {
      if (!this.inBounds(x, y, z)) throw new Error('set outside the world: ' + [x, y, z])
      const [w, , l] = this.size
      this.dense[(x - this.min[0]) + w * ((z - this.min[2]) + l * (y - this.min[1]))] = i
      return
    }
    const c = this.chunks.get((x >> 4) + ',' + (z >> 4))
    const s = c && c.get(y >> 4)
    if (!s) throw new Error('set outside the loaded sections: ' + [x, y, z])
    s[(x & 15) + 16 * ((z & 15) + 16 * (y & 15))] = i
  }

  // Every column (x, z) the world holds, for picking positions.
  columns () {
    const out = []
    if (this.dense) {
      for (let x = this.min[0]; x < this.max[0]; ++x) for (let z = this.min[2]; z < this.max[2]; ++z) out.push([x, z])
      return out
    }
    for (const key of this.chunks.keys()) {
      const [cx, cz] = key.split(',').map(Number)
      for (let x = 0; x < 16; ++x) for (let z = 0; z < 16; ++z) out.push([cx * 16 + x, cz * 16 + z])
    }
    return out
  }
}

// Sponge schematic v2 (root holds Palette, BlockData) or v3 (Blocks{Palette, Data}).
function readSchem (world, root) {
  const sch = root.Schematic || root
  const W = sch.Width; const H = sch.Height; const L = sch.Length
  const holder = sch.Blocks || sch
  const palette = holder.Palette
  const data = sch.Blocks ? holder.Data : holder.BlockData
  if (!palette || !data) throw new Error(world.file + ': no Palette or block data')
  const map = []
  for (const [s, i] of Object.entries(palette)) map[i] = world.intern(parseStateString(s))
  world.size = [W, H, L]
  world.max = [W, H, L]
  world.dense = new Uint16Array(W * H * L)
  let p = 0
  for (let i = 0; i < W * H * L; ++i) {
    let v = 0; let shift = 0; let b
    do { b = data[p++]; v |= (b & 0x7f) << shift; shift += 7 } while (b & 0x80)
    world.dense[i] = map[v] // index = x + z W + y W L, as the format has it
  }
}

// Structure block files: size, palette [{Name, Properties}], blocks [{pos, state}].
// Voxels no block names (structure voids) are air here.
function readStructure (world, root) {
  const [W, H, L] = root.size
  world.size = [W, H, L]
  world.max = [W, H, L]
  world.dense = new Uint16Array(W * H * L).fill(world.air)
  const palette = root.palette || (root.palettes && root.palettes[0])
  const map = palette.map(e => world.intern({ name: stripNs(e.Name), props: Object.assign({}, e.Properties || {}) }))
  for (const b of root.blocks) {
    const [x, y, z] = b.pos
    world.dense[x + W * (z + L * y)] = map[b.state]
  }
}

// Anvil region, 1.18+ chunks (sections with block_states).
function readRegion (world, buf) {
  let lo = [Infinity, Infinity, Infinity]; let hi = [-Infinity, -Infinity, -Infinity]
  for (let i = 0; i < 1024; ++i) {
    const entry = buf.readUInt32BE(i * 4)
    const offset = (entry >>> 8) * 4096
    if (offset === 0) continue
    const len = buf.readUInt32BE(offset)
    const kind = buf[offset + 4]
    const body = buf.subarray(offset + 5, offset + 4 + len)
    const raw = kind === 1 ? zlib.gunzipSync(body) : kind === 2 ? zlib.inflateSync(body) : body
    const root = nbt.parse(raw)
    const chunk = root.Level || root
    const status = chunk.Status
    if (status !== undefined && stripNs(status) !== 'full') continue // only generated chunks, as a game would show
    const cx = chunk.xPos; const cz = chunk.zPos
    const sections = chunk.sections || chunk.Sections || []
    const map = new Map()
    for (const s of sections) {
      const bs = s.block_states
      if (!bs || !bs.palette) continue
      const pal = bs.palette.map(e => world.intern({ name: stripNs(e.Name), props: Object.assign({}, e.Properties || {}) }))
      const arr = new Uint16Array(4096)
      if (pal.length === 1 || !bs.data) {
        arr.fill(pal[0])
      } else {
        const bits = Math.max(4, Math.ceil(Math.log2(pal.length)))
        const per = Math.floor(64 / bits)
        const mask = (1n << BigInt(bits)) - 1n
        for (let j = 0; j < 4096; ++j) {
          const word = BigInt.asUintN(64, bs.data[Math.floor(j / per)])
          arr[j] = pal[Number((word >> BigInt((j % per) * bits)) & mask)]
        }
      }
      const sy = s.Y
      map.set(sy, arr)
      lo = [Math.min(lo[0], cx * 16), Math.min(lo[1], sy * 16), Math.min(lo[2], cz * 16)]
      hi = [Math.max(hi[0], cx * 16 + 16), Math.max(hi[1], sy * 16 + 16), Math.max(hi[2], cz * 16 + 16)]
    }
    if (map.size) world.chunks.set(cx + ',' + cz, map)
  }
  world.min = lo
  world.max = hi
}

function loadWorld (file) {
  const world = new World(file)
  const buf = fs.readFileSync(file)
  if (file.endsWith('.mca')) readRegion(world, buf)
  else if (file.endsWith('.schem')) readSchem(world, nbt.parse(buf))
  else if (file.endsWith('.nbt')) readStructure(world, nbt.parse(buf))
  else throw new Error(file + ': not a .schem, .nbt or .mca')
  return world
}

module.exports = { World, loadWorld, parseStateString, stateKey }
