// SPDX-License-Identifier: MIT
'use strict';
// Loads the native addon that build.js made (build/voxnav.node, next to the
// libvoxnav.so it links, found through its $ORIGIN run path).
const path = require('path');

const candidates = [
  process.env.VOXNAV_NODE_ADDON,
  path.join(__dirname, 'build', 'voxnav.node'),
].filter(Boolean);

let addon = null;
const tried = [];
for (const file of candidates) {
  try {
    addon = require(file);
    break;
  } catch (e) {
    tried.push(`${file}: ${e.message}`);
  }
}
if (!addon) {
  throw new Error(`voxnav: the native addon is not built (npm install builds it; see docs/node.md in voxnav). Tried:\n  ${tried.join('\n  ')}`);
}
module.exports = addon;
