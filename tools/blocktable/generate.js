#!/usr/bin/env node
// SPDX-License-Identifier: MIT
'use strict'
// Writes voxnav's Minecraft block table (worlds/minecraft_blocks.txt) from
// the game's own data: the npm package minecraft-data (blocks.json for names,
// states and hardness; blockCollisionShapes.json for the collision boxes of
// every state), merged with the hand-written overrides
// (worlds/minecraft_blocks_overrides.txt) for what the data does not carry.
//
//   npm ci                       (in this folder: the pinned minecraft-data)
//   node generate.js [--version 1.21.11] [--overrides FILE] [--out FILE]
//
// Every name of every version from 1.13 up to --version gets a line: a name
// renamed or removed since (grass -> short_grass, grass_path -> dirt_path)
// keeps the shapes of the last version that has it, so worlds saved by older
// versions load with their own names. A block whose states differ in shape
// gets a line for its default state and one per group of states that differ,
// keyed by the fewest properties that decide the shape
// ("lantern[hanging=true]"); the readers match those before the bare name.
//
// The reduction to voxnav's shape model: the union of a state's boxes gives
// the collision interval [bottom, top] in sixteenths (bottom rounded down,
// top up, at most 24): a block whose boxes fill only part of the column still
// blocks the whole voxel column in that interval (a hanging lantern blocks a
// head, a chain a body). No box: air.
//
// The speed words of the slow blocks (slow=, floor_speed=, jump=) are not
// hand-written: measure.js runs prismarine-physics over tiny worlds of these
// blocks and the generator writes what it measured, with the source, into
// the table's header (and fails when an override gives one of them a speed
// word by hand). A pre-1.13 extra line takes them with `measured=NAME`.
const fs = require('fs')
const path = require('path')
const { measureAll } = require('./measure')

const here = __dirname
const source = path.resolve(here, '..', '..')

function parseArgs (argv) {
  const a = { version: '1.21.11', overrides: path.join(source, 'worlds/minecraft_blocks_overrides.txt'), out: '-' }
  for (let i = 0; i < argv.length; i++) {
    const k = argv[i]
    const v = argv[i + 1]
    if (k === '--version') a.version = v
    else if (k === '--overrides') a.overrides = v
    else if (k === '--out') a.out = v
    else if (k === '--help' || k === '-h') {
      console.log('usage: node generate.js [--version V] [--overrides FILE] [--out FILE|-]')
      process.exit(0)
    } else fail(`unknown option '${k}' (--version, --overrides, --out)`)
    i++
  }
  return a
}

function fail (message) {
  console.error('generate.js: ' + message)
  process.exit(2)
}

// --- the overrides file ---------------------------------------------------------

const KINDS = new Set(['air', 'solid', 'liquid'])
// The key a word replaces: hardness=2 and unbreakable share one, as do
// replaceable and fixed.
function wordKey (w) {
  if (w === 'unbreakable' || w.startsWith('hardness=')) return 'hardness'
  if (w === 'replaceable' || w === 'fixed') return 'replaceable'
  if (w === 'opened') return 'opened'
  return w.split('=')[0]
}

function globToRegExp (pattern) {
  return new RegExp('^' + pattern.split('*').map(s => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*') + '$')
}

function readOverrides (file) {
  const rules = []
  const extras = []
  const legacy = []
  const lines = fs.readFileSync(file, 'utf8').split('\n')
  lines.forEach((raw, i) => {
    const line = raw.replace(/#.*$/, '').trim()
    if (!line) return
    const t = line.split(/\s+/)
    const where = `${file}:${i + 1}`
    if (t[0] === 'legacy') {
      if (t.length !== 3) fail(`${where}: expected 'legacy <id> <name>'`)
      legacy.push({ id: Number(t[1]), name: t[2], where })
    } else if (t[0] === 'extra') {
      if (t.length < 3 || !KINDS.has(t[2])) fail(`${where}: expected 'extra <name> <air|solid|liquid> [words]'`)
      extras.push({ name: t[1], words: t.slice(2) })
    } else {
      if (t.length < 2) fail(`${where}: expected '<name or pattern> <words>'`)
      rules.push({ pattern: t[0], re: globToRegExp(t[0]), words: t.slice(1), where, used: false })
    }
  })
  return { rules, extras, legacy }
}

// --- the data ---------------------------------------------------------------------

// Versions from 1.13 to `target` with their own block data, newest first.
function versionsUpTo (mcData, target) {
  const paths = mcData.versionsByMinecraftVersion.pc
  if (!paths[target]) fail(`minecraft-data has no Java edition version '${target}'`)
  const targetIndex = paths[target].dataVersion
  const dataPaths = require('minecraft-data/minecraft-data/data/dataPaths.json').pc
  const byData = new Map()
  for (const [name, v] of Object.entries(paths)) {
    if (!/^1\.\d+(\.\d+)?$/.test(name)) continue  // releases only
    if (v.dataVersion > targetIndex || v.dataVersion < paths['1.13'].dataVersion) continue
    const p = dataPaths[name]
    if (!p || !p.blocks || !p.blockCollisionShapes) continue
    // One per distinct block data: the newest release that uses it.
    const key = p.blocks + '|' + p.blockCollisionShapes
    if (!byData.has(key) || byData.get(key)[0] < v.dataVersion) byData.set(key, [v.dataVersion, name])
  }
  return [...byData.values()].sort((a, b) => b[0] - a[0]).map(([, name]) => name)
}

// The value of every property in state `stateId` (minecraft-data numbers
// states in mixed radix, the last property fastest; bools are [true, false]).
function stateProperties (block, stateId) {
  const props = {}
  let n = stateId - block.minStateId
  const states = block.states || []
  for (let i = states.length - 1; i >= 0; i--) {
    const s = states[i]
    const k = n % s.num_values
    n = Math.floor(n / s.num_values)
    props[s.name] = s.type === 'bool' ? String(k === 0) : (s.values ? String(s.values[k]) : String(k))
  }
  return props
}

// The collision interval of a list of boxes in sixteenths, or null (none).
function interval (boxes) {
  if (!boxes || boxes.length === 0) return null
  let lo = Infinity
  let hi = -Infinity
  for (const b of boxes) {
    lo = Math.min(lo, b[1])
    hi = Math.max(hi, b[4])
  }
  const bottom = Math.min(15, Math.max(0, Math.floor(lo * 16 + 1e-6)))
  const top = Math.min(24, Math.ceil(hi * 16 - 1e-6))
  return top > bottom ? [bottom, top] : null
}

function boxesOf (data, name, index) {
  const entry = data.blockCollisionShapes.blocks[name]
  const id = Array.isArray(entry) ? entry[index] : entry
  return data.blockCollisionShapes.shapes[id]
}

// A state's words from the data: kind and collision interval.
function dataWords (iv) {
  if (!iv) return ['air']
  const w = ['solid']
  if (iv[0] !== 0) w.push(`bottom=${iv[0]}`)
  if (iv[1] !== 16) w.push(`top=${iv[1]}`)
  return w
}

function hardnessWord (block) {
  const h = block.hardness
  if (h === null || h === undefined || h < 0) return 'unbreakable'
  return `hardness=${+h.toFixed(4)}`
}

// Applies the overrides that match `name` to a state's words.
// Then the measured speed words of `name`, if the physics slows it.
function applyOverrides (name, words, overrides, speeds) {
  let kind = words[0]
  let shape = words.slice(1)
  const extra = new Map()
  let form = null
  for (const r of overrides) {
    if (!r.re.test(name)) continue
    r.used = true
    for (const w of r.words) {
      if (KINDS.has(w)) {
        kind = w
        shape = []  // the override's kind comes with its own shape words
      } else if (w.startsWith('states=')) {
        form = w
      } else {
        if (speeds.measured.has(name) && SPEED_KEYS.includes(wordKey(w)))
          fail(`${r.where}: '${w}' for ${name}: its speed is measured by prismarine-physics (measure.js), not written by hand`)
        extra.set(wordKey(w), w)
      }
    }
  }
  for (const w of speeds.words.get(name) || []) extra.set(wordKey(w), w)
  return { kind, shape, extra, form }
}

// --- the slow blocks, measured ------------------------------------------------------

const SPEED_KEYS = ['slow', 'floor_speed', 'jump']
// A factor the physics gives as 1 (to 3 places) is no slowing at all.
const slows = (f) => f < 0.9995

// The measured speed words per block name, and the header lines that say
// where they come from.
function speedWords (m, version) {
  const words = new Map()
  const measured = new Set(Object.keys(m.blocks))
  const f = (v) => String(v)
  const lines = [
    `# Slow blocks, measured (tools/blocktable/measure.js) with ${m.source}:`,
    `# a player body (0.6 x 1.8) walking from rest along a lane, its speed after 2 s,`,
    `# against ${m.open.walk} voxels/s walking and ${m.open.sprint} sprinting on stone (Minecraft ${version}).`
  ]
  for (const [name, b] of Object.entries(m.blocks)) {
    if (b.kind === 'inside') {
      if (!slows(b.walk)) {
        lines.push(`#   ${name}: not slowed (walking x${b.walk}): prismarine-physics has no rule for it; it stays`)
        lines.push('#     damage=body, so no route puts a body in it and no factor is needed.')
        continue
      }
      words.set(name, [`slow=${f(b.walk)},${f(b.vertical)}`])
      lines.push(`#   ${name}: slow=${b.walk},${b.vertical}: walking and sprinting x${b.walk} / x${b.sprint} in a long run;`)
      lines.push(`#     a body falling into it sinks at ${b.sink} voxels/s (${b.vertical} x walking); eight blocks with one`)
      lines.push(`#     column of it across feet and head: ${b.crossing.walk[0]} s walking against ${b.crossing.walk[1]} s open, ` +
                 `${b.crossing.sprint[0]} s against ${b.crossing.sprint[1]} s sprinting.`)
    } else {
      const w = []
      if (slows(b.walk)) w.push(`floor_speed=${f(b.walk)}`)
      if (slows(b.jump)) w.push(`jump=${f(b.jump)}`)
      if (w.length) words.set(name, w)
      lines.push(`#   ${name}: ${w.join(' ') || 'no word'}: walking and sprinting x${b.walk} / x${b.sprint} on a bed of it` +
                 (slows(b.jump) ? `, a jump rises x${b.jump};` : ';'))
      lines.push(name === 'slime_block'
        ? `#     its friction (0.8) in ${b.version}'s rules (vanilla's SlimeBlock.stepOn slows a walk further; prismarine-physics has no such rule).`
        : `#     ${b.version}'s rules: prismarine-physics slows a body on it only up to 1.20 (vanilla 1.21 keeps the factor).`)
    }
  }
  lines.push('#   Water and lava: no flow. The table makes them still liquids (water swum at the profile\'s')
  lines.push('#     swim_speed, lava never entered); a current\'s push is not measured or priced.')
  lines.push('#')
  return { words, measured, lines }
}

// The words of one generated line, in the table's order: kind [hazard]
// [states=] shape words, material words, speed words.
function lineWords (o, hardness, speeds) {
  const extra = new Map(o.extra)
  if (extra.has('measured')) {
    // An extra line's `measured=NAME`: the speed words measured for NAME.
    const from = extra.get('measured').split('=')[1]
    extra.delete('measured')
    if (!speeds.measured.has(from)) fail(`measured=${from}: ${from} is not measured (measure.js)`)
    for (const w of speeds.words.get(from) || []) extra.set(wordKey(w), w)
  }
  if (!extra.has('hardness')) extra.set('hardness', hardness)
  const out = [o.kind]
  if (extra.has('hazard')) out.push('hazard')
  if (o.form) out.push(o.form)
  const shapeKeys = ['bottom', 'top', 'stairs', 'climb', 'open', 'opened', 'damage']
  const shapeWords = new Map()
  if (!o.form || o.kind !== 'solid') for (const w of o.shape) shapeWords.set(wordKey(w), w)
  for (const k of shapeKeys) if (extra.has(k)) shapeWords.set(k, extra.get(k))
  // A form shapes the interval itself; only words the override gives stay.
  for (const k of shapeKeys) if (shapeWords.has(k)) out.push(shapeWords.get(k))
  for (const k of ['hardness', 'falls', 'replaceable']) if (extra.has(k)) out.push(extra.get(k))
  for (const k of ['slow', 'floor_speed', 'jump']) if (extra.has(k)) out.push(extra.get(k))
  const known = new Set(['hazard', ...shapeKeys, 'hardness', 'falls', 'replaceable', 'slow', 'floor_speed', 'jump'])
  for (const k of extra.keys()) if (!known.has(k)) fail(`override word '${extra.get(k)}' is not a table word`)
  return out.join(' ')
}

// The form's reading of a state, as src/io/block_states.cpp applies it, for
// the forms whose heights the data can confirm; undefined when it cannot.
function formInterval (form, props) {
  switch (form) {
    case 'states=slab':
      return props.type === 'top' ? [8, 16] : props.type === 'double' ? [0, 16] : [0, 8]
    case 'states=snow': {
      const n = Number(props.layers || 1)
      return n === 1 ? null : [0, 2 * (n - 1)]
    }
    case 'states=stairs':
      return [0, 16]
    case 'states=trapdoor':
      return props.open === 'true' ? undefined : props.half === 'top' ? [13, 16] : [0, 3]
    case 'states=gate':
      return props.open === 'true' ? null : [0, 24]
    default:
      return undefined  // doors: a whole voxel by design (the panel's edge is not modelled)
  }
}

function sameInterval (a, b) {
  return (a === null && b === null) || (a && b && a[0] === b[0] && a[1] === b[1])
}

// The fewest properties that decide `wordsOf(state)`: the lines of a block.
function blockLines (block, states, defaultIndex) {
  const names = (block.states || []).map(s => s.name)
  const def = states[defaultIndex].words
  if (states.every(s => s.words === def)) return [{ key: block.name, words: def }]
  // Subsets by size, then in property order.
  const subsets = []
  for (let m = 1; m < (1 << names.length); m++) subsets.push(names.filter((_, i) => m & (1 << i)))
  subsets.sort((a, b) => a.length - b.length)
  for (const keys of subsets) {
    const seen = new Map()
    let ok = true
    for (const s of states) {
      const k = keys.map(p => `${p}=${s.props[p]}`).join(',')
      if (seen.has(k) && seen.get(k) !== s.words) { ok = false; break }
      seen.set(k, s.words)
    }
    if (!ok) continue
    const lines = [{ key: block.name, words: def }]
    for (const [k, w] of seen) if (w !== def) lines.push({ key: `${block.name}[${k}]`, words: w })
    return lines
  }
  fail(`no property set decides the shapes of ${block.name}`)
}

function generate (args) {
  const mcData = require('minecraft-data')
  const pkg = require('minecraft-data/package.json')
  const { rules, extras, legacy } = readOverrides(args.overrides)
  const versions = versionsUpTo(mcData, args.version)
  const speeds = speedWords(measureAll(args.version), args.version)
  const out = []
  const done = new Map()  // name -> version it was taken from
  const counts = { names: 0, states: 0, lines: 0, stated: 0, renamed: 0 }
  for (const version of versions) {
    const data = mcData(version)
    for (const block of data.blocksArray) {
      if (done.has(block.name)) continue
      done.set(block.name, version)
      const hardness = hardnessWord(block)
      const states = []
      for (let id = block.minStateId, i = 0; id <= block.maxStateId; id++, i++) {
        const props = stateProperties(block, id)
        const iv = interval(boxesOf(data, block.name, i))
        const o = applyOverrides(block.name, dataWords(iv), rules, speeds)
        if (o.form) {
          const want = formInterval(o.form, props)
          if (want !== undefined && !sameInterval(want, iv))
            fail(`${block.name}[${Object.entries(props).map(([k, v]) => k + '=' + v).join(',')}] in ${version}: ` +
                 `the data's collision ${JSON.stringify(iv)} is not what ${o.form} reads (${JSON.stringify(want)})`)
          if (o.kind === 'air' && !o.extra.has('climb')) o.kind = 'solid'  // a form shapes a solid (one snow layer: none)
        }
        states.push({ props, words: lineWords(o, hardness, speeds) })
      }
      counts.names++
      counts.states += states.length
      if (version !== versions[0]) counts.renamed++
      const lines = blockLines(block, states, block.defaultState - block.minStateId)
      if (lines.length > 1) counts.stated++
      for (const l of lines) out.push({ key: l.key, words: l.words, version })
    }
  }
  for (const r of rules) if (!r.used) fail(`${r.where}: '${r.pattern}' matches no block of ${versions.join(', ')}`)
  const extraLines = []
  for (const e of extras) {
    if (done.has(e.name)) fail(`extra '${e.name}': the data has this name; override it instead`)
    done.set(e.name, 'extra')
    const o = { kind: e.words[0], shape: [], extra: new Map(e.words.slice(1).map(w => [wordKey(w), w])), form: null }
    extraLines.push({ key: e.name, words: e.words.some(w => w.startsWith('measured=')) ? lineWords(o, o.extra.get('hardness') || 'hardness=1', speeds) : e.words.join(' ') })
  }
  for (const l of legacy) if (!done.has(l.name)) fail(`${l.where}: legacy id ${l.id} names '${l.name}', which has no line`)
  counts.lines = out.length + extraLines.length

  const pad = (s, n) => s + ' '.repeat(Math.max(1, n - s.length))
  const text = []
  text.push('# Minecraft block names -> voxnav blocks, GENERATED: do not edit by hand.')
  text.push(`# Made by tools/blocktable/generate.js from minecraft-data ${pkg.version} (npm),`)
  text.push(`# Minecraft Java ${args.version}, with the names of ${versions[versions.length - 1]} .. ${versions[0]}`)
  text.push('# (a name an older version had keeps that version\'s shapes), merged with')
  text.push('# worlds/minecraft_blocks_overrides.txt. To change a block, edit the overrides')
  text.push('# and run `npm ci && node generate.js --out ../../worlds/minecraft_blocks.txt`')
  text.push('# in tools/blocktable; for another version add --version V. Or pass your own')
  text.push('# table with --blocks (CLI) or MinecraftBlockTable::load() (C++).')
  text.push(`# ${counts.names} names (${counts.renamed} only in older versions), ${counts.states} states,`)
  text.push(`# ${counts.lines} lines (${counts.stated} blocks with lines per state).`)
  text.push('#')
  for (const l of speeds.lines) text.push(l)
  for (const l of fs.readFileSync(path.join(here, 'table_header.txt'), 'utf8').split('\n')) if (l) text.push(l)
  let last = null
  for (const l of out) {
    if (l.version !== last) {
      text.push('')
      text.push(l.version === versions[0] ? `# --- Minecraft ${l.version} ---` : `# --- names of ${l.version} no newer version has ---`)
      last = l.version
    }
    text.push(pad(l.key, 40) + l.words)
  }
  text.push('')
  text.push('# --- pre-1.13 names the numeric ids resolve to (from the overrides) ---')
  for (const l of extraLines) text.push(pad(l.key, 40) + l.words)
  text.push('')
  text.push('# --- pre-1.13 numeric ids -> names ---')
  for (const l of legacy) text.push(`legacy ${l.id} ${l.name}`)
  const body = text.join('\n') + '\n'
  if (args.out === '-') process.stdout.write(body)
  else fs.writeFileSync(args.out, body)
  console.error(`generate.js: ${counts.names} names (${counts.renamed} older), ${counts.states} states, ` +
                `${counts.lines} lines, ${counts.stated} stated blocks, versions ${versions.join(' ')}`)
}

generate(parseArgs(process.argv.slice(2)))
