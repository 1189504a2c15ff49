// SPDX-License-Identifier: MIT
'use strict'
// Where a Minecraft player can stand, by the judge's own reading of the
// collision shapes (not voxnav's), and seeded random pairs of such places.

// The player's box: 0.6 wide, 1.8 high.
const HALF = 0.3
const HEIGHT = 1.8

const LIQUIDS = new Set(['water', 'lava', 'bubble_column', 'seagrass', 'tall_seagrass', 'kelp', 'kelp_plant'])
// Floors that hurt or that a player is not meant to stand on.
const BAD_FLOORS = new Set(['campfire', 'soul_campfire', 'magma_block', 'cactus', 'fire', 'soul_fire', 'sweet_berry_bush',
  'wither_rose', 'powder_snow', 'pointed_dripstone', 'lava'])

// Shapes of the block at (x, y, z) that overlap the player's footprint
// centred in the column, in world coordinates.
function shapesInColumn (pw, x, y, z) {
  const out = []
  for (const s of pw.blockAt(x, y, z).shapes) {
    if (s[3] <= 0.5 - HALF || s[0] >= 0.5 + HALF || s[5] <= 0.5 - HALF || s[2] >= 0.5 + HALF) continue
    out.push([s[1] + y, s[4] + y])
  }
  return out
}

// Standing heights in column (x, z): feet heights h where the block
// under the feet gives support no higher than 1 voxel above its base (no
// fence or wall tops), the body's box from h to h + 1.8 touches no
// collision, and the feet and head are out of liquids and hurting blocks.
function standHeights (pw, world, x, z) {
  const out = []
  const y0 = world.min[1]; const y1 = world.max[1]
  for (let y = y0; y < y1; ++y) {
    const here = shapesInColumn(pw, x, y, z)
    if (!here.length) continue
    const top = Math.max(...here.map(s => s[1]))
    if (top - y > 1.0 + 1e-9) continue // fences, walls: not a floor here
    const name = world.state(x, y, z).name
    if (BAD_FLOORS.has(name)) continue
    const h = top
    // the body's box must be free
    let free = true
    for (let yy = Math.floor(h); yy <= Math.floor(h + HEIGHT) && free; ++yy) {
      if (yy === y && h === top) {
        // the floor block itself: only its parts above h would hit
        for (const s of here) if (s[1] > h + 1e-9 && s[0] < h + HEIGHT) free = false
        continue
      }
      for (const s of shapesInColumn(pw, x, yy, z)) if (s[1] > h + 1e-9 && s[0] < h + HEIGHT - 1e-9) free = false
      const st = world.state(x, yy, z)
      if (LIQUIDS.has(st.name) || st.props.waterlogged === 'true' || BAD_FLOORS.has(st.name)) free = false
    }
    if (free) out.push(h)
  }
  return out
}

// Every standing place {x, z, h, upstairs}: upstairs when another standing
// place lies lower in the same column.
function standingPlaces (pw, world) {
  const out = []
  for (const [x, z] of world.columns()) {
    const hs = standHeights(pw, world, x, z)
    hs.forEach((h, i) => out.push({ x, z, h, upstairs: i > 0 }))
  }
  return out
}

// mulberry32: a small seeded generator, so pairs are the same every run.
function rng (seed) {
  let a = seed >>> 0
  return function () {
    a = (a + 0x6D2B79F5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

// n pairs [from, to]; every even one starts or ends upstairs (which, at
// random). maxDist > 0 keeps the two within that distance (large regions).
function pickPairs (places, n, seed, maxDist) {
  const r = rng(seed)
  const up = places.filter(p => p.upstairs)
  const pick = list => list[Math.floor(r() * list.length)]
  const near = (a, list) => {
    if (!(maxDist > 0)) return pick(list)
    const close = list.filter(p => p !== a && Math.hypot(p.x - a.x, p.h - a.h, p.z - a.z) <= maxDist)
    return close.length ? pick(close) : null
  }
  const pairs = []
  let guard = 0
  while (pairs.length < n && guard++ < n * 50) {
    const wantUp = pairs.length % 2 === 0 && up.length > 0
    let a, b
    if (wantUp && r() < 0.5) {
      a = pick(up); b = near(a, places)
    } else if (wantUp) {
      b = pick(up); a = near(b, places)
    } else {
      a = pick(places); b = near(a, places)
    }
    if (!a || !b || (a.x === b.x && a.z === b.z && a.h === b.h)) continue
    pairs.push({ from: a, to: b, upstairs: wantUp })
  }
  return pairs
}

module.exports = { standingPlaces, pickPairs, rng, LIQUIDS }
