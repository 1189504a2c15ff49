#!/usr/bin/env node
// SPDX-License-Identifier: MIT
'use strict';
// Builds the native addon (npm install runs this): build/voxnav.node and
// the libvoxnav.so it links, side by side.
//
// npm runs this script in one of two places. `npm install <folder>` with
// npm 10 and 11 links the folder, so the script runs in the checkout's
// bindings/node; `npm install --install-links <folder>`, npm 9's
// `npm install <folder>` and `npm install voxnav-*.tgz` copy the package into
// the app's node_modules/voxnav, where ../.. is not the checkout (npm names
// the folder it copied from in npm_package_resolved).
//
// Where libvoxnav (the library and include/voxnav/voxnav.h) comes from, in
// this order:
//   VOXNAV_BUILD_DIR   a built voxnav CMake build folder (its lib/); the
//                      headers from VOXNAV_SOURCE_DIR, else the source the
//                      build was configured from (its CMakeCache.txt), else
//                      the checkout;
//   VOXNAV_PREFIX      an installed voxnav (cmake --install, the .deb: /usr);
//   the checkout's build/, when built (the checkout: VOXNAV_SOURCE_DIR, this
//                      package's ../.., or ../.. of the folder npm copied
//                      this package from);
//   pkg-config voxnav  an installed voxnav (PKG_CONFIG_PATH for a prefix
//                      of one's own);
//   otherwise          the checkout's library, configured and built here
//                      (build/voxnav-lib; many minutes on two cores);
//                      VOXNAV_BUILD_FROM_SOURCE=0 fails instead.
// The N-API headers (node_api.h), in this order: NODE_API_HEADERS_DIR, the
// npm package node-api-headers (this package's dependency, installed when
// npm copies the package; npm does not install a linked folder's
// dependencies), the same package in the installing app's node_modules,
// node's own include/node (Debian's libnode-dev, which its npm depends on;
// the nodejs.org and NodeSource builds), node-gyp's header cache.
// VOXNAV_NODE_OUT puts the output elsewhere than build/.
// When nothing is found, the error names every place looked at.
const { execFileSync } = require('child_process');
const fs = require('fs');
const os = require('os');
const path = require('path');

const here = __dirname;
const out = path.resolve(process.env.VOXNAV_NODE_OUT || path.join(here, 'build'));
const env = process.env;
const looked = [];  // what was looked for and where, for the error message

function run(cmd, args) {
  console.log(`voxnav: ${cmd} ${args.join(' ')}`);
  execFileSync(cmd, args, { stdio: 'inherit' });
}

function fail(what, fix, list = looked) {
  console.error(`voxnav: ${what}. Looked for:\n  ${list.join('\n  ')}\n${fix}`);
  process.exit(1);
}

const exists = (p) => fs.existsSync(p);
const hasHeader = (include) => exists(path.join(include, 'voxnav', 'voxnav.h'));
const isCheckout = (dir) => hasHeader(path.join(dir, 'include')) && exists(path.join(dir, 'CMakeLists.txt'));

// The voxnav checkout this package belongs to, or null (a packed tarball).
function findCheckout() {
  if (env.VOXNAV_SOURCE_DIR) {
    const dir = path.resolve(env.VOXNAV_SOURCE_DIR);
    if (!isCheckout(dir)) {
      looked.push(`VOXNAV_SOURCE_DIR=${env.VOXNAV_SOURCE_DIR}: ${path.join(dir, 'include', 'voxnav', 'voxnav.h')} and ${path.join(dir, 'CMakeLists.txt')}: not both there`);
      fail('VOXNAV_SOURCE_DIR is not a voxnav checkout', 'Set VOXNAV_SOURCE_DIR to the voxnav repository (the folder with CMakeLists.txt and include/), or unset it.');
    }
    return { dir, how: 'VOXNAV_SOURCE_DIR' };
  }
  const candidates = [[path.resolve(here, '..', '..'), `this package's folder ${here}, two up`]];
  const resolved = env.npm_package_resolved || '';
  if (resolved.startsWith('file:')) {
    const from = path.resolve(env.npm_config_local_prefix || env.INIT_CWD || process.cwd(), resolved.slice(5));
    if (from !== here && fs.statSync(from, { throwIfNoEntry: false })?.isDirectory()) {
      candidates.push([path.resolve(from, '..', '..'), `the folder npm copied this package from (${from}), two up`]);
    } else if (from !== here) {
      looked.push(`a voxnav checkout: npm installed this package from ${from}, not a folder`);
    }
  }
  for (const [dir, how] of candidates) {
    if (isCheckout(dir)) return { dir, how };
    looked.push(`a voxnav checkout at ${dir} (${how}): no include/voxnav/voxnav.h and CMakeLists.txt`);
  }
  return null;
}

// The source folder a CMake build folder was configured from (CMakeCache.txt).
function configuredSource(dir) {
  try {
    const m = fs.readFileSync(path.join(dir, 'CMakeCache.txt'), 'utf8').match(/^voxnav_SOURCE_DIR:STATIC=(.*)$/m);
    return m ? m[1].trim() : null;
  } catch (e) {
    return null;
  }
}

function fromBuildDir(dir, what, checkout) {
  const lib = path.join(dir, 'lib', 'libvoxnav.so');
  if (!exists(lib)) {
    looked.push(`${what}: ${lib}: missing`);
    return null;
  }
  const sources = [];
  if (env.VOXNAV_SOURCE_DIR) sources.push([path.resolve(env.VOXNAV_SOURCE_DIR), 'VOXNAV_SOURCE_DIR']);
  const configured = configuredSource(dir);
  if (configured) sources.push([configured, `voxnav_SOURCE_DIR of ${path.join(dir, 'CMakeCache.txt')}`]);
  else sources.push([null, `${path.join(dir, 'CMakeCache.txt')}: no voxnav_SOURCE_DIR`]);
  if (checkout) sources.push([checkout.dir, `the checkout (${checkout.how})`]);
  const tried = [];
  for (const [src, how] of sources) {
    if (!src) {
      tried.push(how);
      continue;
    }
    const include = path.join(src, 'include');
    if (hasHeader(include)) return { lib, include };
    tried.push(`${path.join(include, 'voxnav', 'voxnav.h')} (${how}): missing`);
  }
  looked.push(`${what}: ${lib} is there, but not its headers: ${tried.join('; ')}`);
  return null;
}

function fromPrefix(prefix, what) {
  const include = path.join(prefix, 'include');
  const multiarch = { x64: 'x86_64-linux-gnu', arm64: 'aarch64-linux-gnu' }[process.arch];
  const libs = ['lib', multiarch && `lib/${multiarch}`, 'lib64'].filter(Boolean).map((d) => path.join(prefix, d, 'libvoxnav.so'));
  const lib = libs.find(exists);
  if (lib && hasHeader(include)) return { lib, include };
  looked.push(`${what}: ${lib || libs.join(', ')}: ${lib ? 'there' : 'missing'}; ${path.join(include, 'voxnav', 'voxnav.h')}: ${hasHeader(include) ? 'there' : 'missing'}`);
  return null;
}

function fromPkgConfig() {
  const opt = { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] };
  const pkgConfig = (args) => execFileSync('pkg-config', args, opt).trim();
  let searched;
  try {
    searched = [env.PKG_CONFIG_PATH, pkgConfig(['--variable', 'pc_path', 'pkg-config'])].filter(Boolean).join(':');
  } catch (e) {
    looked.push(`an installed voxnav through pkg-config voxnav: ${e.code === 'ENOENT' ? 'pkg-config is not installed' : e.message}`);
    return null;
  }
  const what = `an installed voxnav through pkg-config voxnav (PKG_CONFIG_PATH=${env.PKG_CONFIG_PATH || '(unset)'})`;
  let libdir, include;
  try {
    libdir = path.resolve(pkgConfig(['--variable=libdir', 'voxnav']));
    include = path.resolve(pkgConfig(['--variable=includedir', 'voxnav']));
  } catch (e) {
    looked.push(`${what}: no voxnav.pc in ${searched}`);
    return null;
  }
  const lib = path.join(libdir, 'libvoxnav.so');
  if (exists(lib) && hasHeader(include)) return { lib, include };
  looked.push(`${what}: ${lib}: ${exists(lib) ? 'there' : 'missing'}; ` +
    `${path.join(include, 'voxnav', 'voxnav.h')}: ${hasHeader(include) ? 'there' : 'missing'}`);
  return null;
}

function buildLibrary(checkout) {
  if (!checkout) {
    looked.push('a voxnav checkout to build the library from: none (see above)');
    return null;
  }
  if (env.VOXNAV_BUILD_FROM_SOURCE === '0') {
    looked.push(`building the library from ${checkout.dir}: not done, VOXNAV_BUILD_FROM_SOURCE=0`);
    return null;
  }
  const dir = path.join(out, 'voxnav-lib');
  console.log(`voxnav: no built or installed libvoxnav found; building it from ${checkout.dir} in ${dir} (many minutes on two cores)`);
  run('cmake', ['-S', checkout.dir, '-B', dir, '-DCMAKE_BUILD_TYPE=Release', '-DVOXNAV_BUILD_TESTS=OFF', '-DVOXNAV_BUILD_TOOLS=OFF']);
  run('cmake', ['--build', dir, '--target', 'voxnav', '-j', String(Math.max(1, os.cpus().length))]);
  return fromBuildDir(dir, 'the library just built', checkout);
}

function findVoxnav() {
  if (env.VOXNAV_BUILD_DIR) {
    const dir = path.resolve(env.VOXNAV_BUILD_DIR);
    const v = fromBuildDir(dir, `VOXNAV_BUILD_DIR=${env.VOXNAV_BUILD_DIR}`, findCheckout());
    if (!v) fail('VOXNAV_BUILD_DIR has no usable libvoxnav', 'Set VOXNAV_BUILD_DIR to a built voxnav build folder (cmake --build it first), and VOXNAV_SOURCE_DIR to its source if the headers are elsewhere.');
    return v;
  }
  if (env.VOXNAV_PREFIX) {
    const v = fromPrefix(path.resolve(env.VOXNAV_PREFIX), `VOXNAV_PREFIX=${env.VOXNAV_PREFIX}`);
    if (!v) fail('VOXNAV_PREFIX has no installed voxnav', 'Set VOXNAV_PREFIX to where voxnav is installed (cmake --install build --prefix PREFIX; /usr for the .deb).');
    return v;
  }
  looked.push('VOXNAV_BUILD_DIR and VOXNAV_PREFIX: not set');
  const checkout = findCheckout();
  return (checkout && fromBuildDir(path.join(checkout.dir, 'build'), `the checkout's build folder (checkout ${checkout.dir}: ${checkout.how})`, checkout)) ||
    fromPkgConfig() || buildLibrary(checkout);
}

function nodeApiInclude() {
  const ok = (dir) => exists(path.join(dir, 'node_api.h'));
  if (env.NODE_API_HEADERS_DIR) {
    const dir = path.resolve(env.NODE_API_HEADERS_DIR);
    if (ok(dir)) return dir;
    fail('no N-API headers', 'Set NODE_API_HEADERS_DIR to a folder with node_api.h, or unset it.',
      [`NODE_API_HEADERS_DIR=${env.NODE_API_HEADERS_DIR}: ${path.join(dir, 'node_api.h')}: missing`]);
  }
  const tried = [];
  const fromPackage = (from, what) => {
    let pkg;
    try {
      pkg = require.resolve('node-api-headers', { paths: [from] });
    } catch (e) {
      tried.push(`the npm package node-api-headers (${what}, resolved from ${from}): not installed`);
      return null;
    }
    const dir = require(pkg).include_dir;
    if (ok(dir)) return dir;
    tried.push(`the npm package node-api-headers at ${path.dirname(pkg)} (${what}): ${path.join(dir, 'node_api.h')}: missing`);
    return null;
  };
  const app = env.npm_config_local_prefix || env.INIT_CWD;
  let dir = fromPackage(here, "this package's dependency") || (app && fromPackage(app, 'the installing app'));
  if (dir) return dir;
  const own = [path.resolve(process.execPath, '..', '..', 'include', 'node')];
  try {
    const real = path.resolve(fs.realpathSync(process.execPath), '..', '..', 'include', 'node');
    if (!own.includes(real)) own.push(real);
  } catch (e) { /* keep the first */ }
  own.push(path.join(env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'node-gyp', process.versions.node, 'include', 'node'));
  for (const d of own) {
    if (ok(d)) return d;
    tried.push(`${path.join(d, 'node_api.h')}: missing`);
  }
  fail(`no N-API headers (node_api.h) for node ${process.version} at ${process.execPath}`,
    'Install node\'s headers (Debian: apt install libnode-dev), or run npm install in voxnav\'s bindings/node ' +
    '(installs node-api-headers), or set NODE_API_HEADERS_DIR to a folder with node_api.h.', tried);
  return null;
}

const voxnav = findVoxnav();
if (!voxnav) {
  fail('no libvoxnav to build the addon against',
    'Build voxnav (cmake -S . -B build && cmake --build build in the checkout), or install it (cmake --install build, ' +
    'or the voxnav-dev .deb; PKG_CONFIG_PATH=PREFIX/lib/pkgconfig for a prefix of your own), or set VOXNAV_BUILD_DIR ' +
    'to a built voxnav build folder or VOXNAV_PREFIX to an installed voxnav.');
}
const headers = nodeApiInclude();
const real = fs.realpathSync(voxnav.lib);
const soname = execFileSync('readelf', ['-d', real], { encoding: 'utf8' }).match(/SONAME.*\[(.*)\]/);
const addonBuild = path.join(out, 'addon');
run('cmake', ['-S', here, '-B', addonBuild, '-DCMAKE_BUILD_TYPE=Release',
  `-DNODE_API_INCLUDE=${headers}`, `-DVOXNAV_INCLUDE=${voxnav.include}`, `-DVOXNAV_LIBRARY=${real}`,
  `-DVOXNAV_SONAME=${soname ? soname[1] : path.basename(real)}`]);
run('cmake', ['--build', addonBuild]);
for (const f of fs.readdirSync(addonBuild)) {
  if (f === 'voxnav.node' || f.startsWith('libvoxnav.so')) fs.copyFileSync(path.join(addonBuild, f), path.join(out, f));
}
console.log(`voxnav: built ${path.join(out, 'voxnav.node')} (libvoxnav: ${real}; voxnav headers: ${voxnav.include}; N-API headers: ${headers})`);
