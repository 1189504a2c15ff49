#!/usr/bin/env node
// SPDX-License-Identifier: MIT
'use strict';
// Builds the native addon (npm install runs this): build/voxnav.node and
// the libvoxnav.so it links, side by side. Where libvoxnav comes from, in
// this order:
//   VOXNAV_BUILD_DIR   a built voxnav CMake build folder (its lib/), with
//                      VOXNAV_SOURCE_DIR (default: this package's ../..)
//                      for the headers;
//   VOXNAV_PREFIX      an installed voxnav (cmake --install, the .deb: /usr);
//   ../../build        the repository's build folder, when built (npm
//                      install ./bindings/node from a built checkout);
//   pkg-config voxnav  an installed voxnav found by pkg-config;
//   otherwise          the repository's library, configured and built here
//                      (build/voxnav-lib; a few minutes on two cores).
// VOXNAV_NODE_OUT puts the output elsewhere than build/; NODE_API_HEADERS_DIR
// overrides node-api-headers' include folder.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');

const here = __dirname;
const out = path.resolve(process.env.VOXNAV_NODE_OUT || path.join(here, 'build'));
const source = path.resolve(process.env.VOXNAV_SOURCE_DIR || path.join(here, '..', '..'));

function run(cmd, args) {
  console.log(`voxnav: ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit' });
}

function fromBuildDir(dir) {
  const lib = path.join(dir, 'lib', 'libvoxnav.so');
  const include = path.join(source, 'include');
  return fs.existsSync(lib) && fs.existsSync(path.join(include, 'voxnav', 'voxnav.h')) ? { lib, include } : null;
}

function fromPrefix(prefix) {
  const include = path.join(prefix, 'include');
  for (const dir of ['lib', 'lib/x86_64-linux-gnu', 'lib64']) {
    const lib = path.join(prefix, dir, 'libvoxnav.so');
    if (fs.existsSync(lib) && fs.existsSync(path.join(include, 'voxnav', 'voxnav.h'))) return { lib, include };
  }
  return null;
}

function fromPkgConfig() {
  try {
    const opt = { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] };
    const libdir = execFileSync('pkg-config', ['--variable=libdir', 'voxnav'], opt).trim();
    const include = execFileSync('pkg-config', ['--variable=includedir', 'voxnav'], opt).trim();
    const lib = path.join(libdir, 'libvoxnav.so');
    return fs.existsSync(lib) ? { lib, include } : null;
  } catch (e) {
    return null;
  }
}

function buildLibrary() {
  const dir = path.join(out, 'voxnav-lib');
  run('cmake', ['-S', source, '-B', dir, '-DCMAKE_BUILD_TYPE=Release', '-DVOXNAV_BUILD_TESTS=OFF', '-DVOXNAV_BUILD_TOOLS=OFF']);
  run('cmake', ['--build', dir, '--target', 'voxnav', '-j', String(Math.max(1, require('os').cpus().length))]);
  return fromBuildDir(dir);
}

function findVoxnav() {
  if (process.env.VOXNAV_BUILD_DIR) {
    const v = fromBuildDir(path.resolve(process.env.VOXNAV_BUILD_DIR));
    if (!v) throw new Error(`VOXNAV_BUILD_DIR=${process.env.VOXNAV_BUILD_DIR} has no lib/libvoxnav.so (build voxnav first)`);
    return v;
  }
  if (process.env.VOXNAV_PREFIX) {
    const v = fromPrefix(path.resolve(process.env.VOXNAV_PREFIX));
    if (!v) throw new Error(`VOXNAV_PREFIX=${process.env.VOXNAV_PREFIX} has no lib/libvoxnav.so and include/voxnav/voxnav.h`);
    return v;
  }
  return fromBuildDir(path.join(source, 'build')) || fromPkgConfig() ||
    (fs.existsSync(path.join(source, 'CMakeLists.txt')) ? buildLibrary() : null);
}

function nodeApiInclude() {
  if (process.env.NODE_API_HEADERS_DIR) return path.resolve(process.env.NODE_API_HEADERS_DIR);
  return require('node-api-headers').include_dir;
}

const voxnav = findVoxnav();
if (!voxnav) {
  console.error('voxnav: no libvoxnav found: install voxnav (cmake --install, or the voxnav-dev .deb), ' +
    'or set VOXNAV_BUILD_DIR to a built voxnav build folder');
  process.exit(1);
}
const real = fs.realpathSync(voxnav.lib);
const soname = execFileSync('readelf', ['-d', real], { encoding: 'utf8' }).match(/SONAME.*\[(.*)\]/);
const addonBuild = path.join(out, 'addon');
run('cmake', ['-S', here, '-B', addonBuild, '-DCMAKE_BUILD_TYPE=Release',
  `-DNODE_API_INCLUDE=${nodeApiInclude()}`, `-DVOXNAV_INCLUDE=${voxnav.include}`, `-DVOXNAV_LIBRARY=${real}`,
  `-DVOXNAV_SONAME=${soname ? soname[1] : path.basename(real)}`]);
run('cmake', ['--build', addonBuild]);
for (const f of fs.readdirSync(addonBuild)) {
  if (f === 'voxnav.node' || f.startsWith('libvoxnav.so')) fs.copyFileSync(path.join(addonBuild, f), path.join(out, f));
}
console.log(`voxnav: built ${path.join(out, 'voxnav.node')} (libvoxnav: ${real})`);
