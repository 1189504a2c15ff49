// SPDX-License-Identifier: MIT
'use strict'
// Block table gaps (issue 36): block states voxnav's Minecraft block table
// (worlds/minecraft_blocks.txt) makes passable while Minecraft 1.21.1 gives
// them a collision box (before issue 36: lanterns, chains). A route planned
// through such a block is the table's fault, not the follower's; the judge
// names those routes apart and, since the table is generated from the game's
// data, judges them as every other.
const fs = require('fs')
const path = require('path')

// The table's kind of a block state: lines keyed by state properties
// ("lantern[hanging=true]") win when the state has all of them, then exact
// names, then patterns ('*' any run of characters) top to bottom; no match:
// solid.
function loadTable (source) {
  const exact = new Map()
  const stated = new Map()  // name -> [[props, rule]]
  const patterns = []
  const text = fs.readFileSync(path.join(source, 'worlds/minecraft_blocks.txt'), 'utf8')
  for (const raw of text.split('\n')) {
    const line = raw.replace(/#.*$/, '').trim()
    if (!line) continue
    const t = line.split(/\s+/)
    if (t[0] === 'legacy' || t.length < 2) continue
    const name = t[0].startsWith('minecraft:') ? t[0].slice(10) : t[0]
    const rule = { kind: t[1], climb: t.includes('climb') }
    const bracket = name.indexOf('[')
    if (bracket >= 0) {
      const props = Object.fromEntries(name.slice(bracket + 1, -1).split(',').map(kv => kv.split('=')))
      const base = name.slice(0, bracket)
      if (!stated.has(base)) stated.set(base, [])
      stated.get(base).push([props, rule])
    } else if (name.includes('*')) {
      patterns.push([new RegExp('^' + name.split('*').map(s => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$'), rule])
    } else if (!exact.has(name)) {
      exact.set(name, rule)
    }
  }
  return function classify (name, props = {}) {
    for (const [want, rule] of stated.get(name) || []) {
      if (Object.entries(want).every(([k, v]) => props[k] === v)) return rule
    }
    if (exact.has(name)) return exact.get(name)
    for (const [re, rule] of patterns) if (re.test(name)) return rule
    return { kind: 'solid', climb: false }
  }
}

// The world's states (indices) the table makes air that collide in
// Minecraft. Climbables (ladders, vines: the table's model of climbing, the
// body stays clear of the rung at the wall) are not gaps.
function gapStates (world, pworld, classify) {
  const out = new Set()
  world.states.forEach((st, i) => {
    const rule = classify(st.name, st.props)
    if (rule.kind !== 'air' || rule.climb || st.props.waterlogged === 'true') return
    if (pworld.proto(i).shapes.length) out.add(i)
  })
  return out
}

// The gap blocks a route's moves sweep: for each move, the voxels between
// its two waypoints from the lower feet to the higher head (1.8) and, for a
// jump or leap, the arc's 1.25 above.
function gapsOnRoute (world, gaps, wps) {
  if (!gaps.size) return []
  const found = new Map()
  for (let k = 1; k < wps.length; ++k) {
    const a = wps[k - 1]; const b = wps[k]
    const arc = b.action === 'jump' || b.action === 'leap' ? 1.25 : 0
    const y0 = Math.floor(Math.min(a.feet_y, b.feet_y)); const y1 = Math.floor(Math.max(a.feet_y, b.feet_y) + arc + 1.8)
    for (let x = Math.min(a.x, b.x); x <= Math.max(a.x, b.x); ++x) {
      for (let z = Math.min(a.z, b.z); z <= Math.max(a.z, b.z); ++z) {
        for (let y = y0; y <= y1; ++y) {
          const i = world.get(x, y, z)
          if (gaps.has(i)) found.set(`${x},${y},${z}`, world.states[i].key)
        }
      }
    }
  }
  return [...found.entries()].map(([at, key]) => at + ' ' + key)
}

module.exports = { loadTable, gapStates, gapsOnRoute }
