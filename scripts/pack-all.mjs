#!/usr/bin/env node
// Packs every publishable workspace package (libraries, plugins, the runner and the examples) into
// one folder with `pnpm pack`, as `pnpm release` would publish them, and prints the npm command
// that installs them into a fresh project: the way to install MedHELM before its packages are on
// the npm registry, or to try local changes as users will get them.
// Usage: npm run pack-all -- --dest <dir> [package-name ...]   (run after `npm run build`)
// With package names, the command it prints installs those and the packed packages they need
// (dependencies and required peers); without, every tarball. Before it, it prints the
// `npm pkg set allowScripts...` command that allows the install scripts those packages need.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { basename, join, relative, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { allowedBuilds, pnpmCommand, publishablePackages, root } from './workspace-packages.mjs';

const usage = 'Usage: npm run pack-all -- --dest <dir> [package-name ...]';
let parsed;
try {
  parsed = parseArgs({ options: { dest: { type: 'string' } }, allowPositionals: true });
} catch (error) {
  fail(`${error.message}\n${usage}`);
}
if (parsed.values.dest === undefined)
  fail(`--dest <dir> is required: the folder the tarballs go to.\n${usage}`);
// `pnpm pack-all` runs in the repository root; INIT_CWD is where the user typed it.
const destination = resolve(process.env.INIT_CWD ?? process.cwd(), parsed.values.dest);

const packages = publishablePackages();
const byName = new Map(packages.map((item) => [item.packageJson.name, item]));
const unknown = parsed.positionals.filter((name) => !byName.has(name));
if (unknown.length > 0) {
  fail(
    `Not a publishable package of this repository: ${unknown.join(', ')}.\nPackages: ${[...byName.keys()].sort().join(', ')}`,
  );
}
const unbuilt = packages.filter(({ folder }) => !existsSync(join(folder, 'dist')));
if (unbuilt.length > 0) {
  fail(
    `Not built (no dist folder): ${unbuilt.map(({ folder }) => relative(root, folder)).join(', ')}. Run \`npm run build\` first.`,
  );
}

mkdirSync(destination, { recursive: true });
const pnpm = pnpmCommand();
const tarballs = new Map();
const queue = [...packages];
await Promise.all(
  Array.from({ length: 4 }, async () => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      tarballs.set(item.packageJson.name, await pack(item.folder));
    }
  }),
);

const wanted = parsed.positionals.length === 0 ? [...byName.keys()] : closure(parsed.positionals);
const files = wanted.map((name) => tarballs.get(name)).sort();
const scripts = installScripts(wanted);
console.log(`Packed ${tarballs.size} packages into ${destination}.`);
console.log(
  parsed.positionals.length === 0
    ? '\nInstall them into a fresh project (an npm project folder: `npm init -y`) with:\n'
    : `\nInstall ${parsed.positionals.join(', ')} and the ${files.length - parsed.positionals.length} packages they need into a fresh project (an npm project folder: \`npm init -y\`) with:\n`,
);
if (scripts.length > 0)
  console.log(`  npm pkg set ${scripts.map((name) => `allowScripts.${name}=true`).join(' ')} --json`);
console.log(`  npm install ${parsed.positionals.length === 0 ? `${destination}/*.tgz` : files.join(' ')}`);
if (scripts.length > 0) {
  console.log(
    `\nThe first command allows the install script of ${scripts.join(', ')} (it builds or downloads a native binding) in the project's package.json, where npm 11 looks for it (\`allowScripts\`): without it npm 11 warns that the script is not covered by allowScripts, and npm 12 skips it.`,
  );
}

/** The named packages and every packed package they need: dependencies and required peers. */
function closure(names) {
  const needed = new Set();
  const pending = [...names];
  for (let name = pending.shift(); name !== undefined; name = pending.shift()) {
    const item = byName.get(name);
    if (item === undefined || needed.has(name)) continue;
    needed.add(name);
    const { dependencies = {}, peerDependencies = {}, peerDependenciesMeta = {} } = item.packageJson;
    pending.push(...Object.keys(dependencies));
    pending.push(...Object.keys(peerDependencies).filter((peer) => !peerDependenciesMeta[peer]?.optional));
  }
  return [...needed];
}

/**
 * The third-party dependencies of the `names` packages whose install scripts the workspace lets
 * run (pnpm-workspace.yaml `allowBuilds: <name>: true`, e.g. better-sqlite3): the same packages, by
 * name, go into the user's project as npm's `allowScripts`.
 */
function installScripts(names) {
  const allowed = allowedBuilds();
  const needed = new Set();
  for (const name of names) {
    for (const dependency of Object.keys(byName.get(name)?.packageJson.dependencies ?? {})) {
      if (allowed.has(dependency)) needed.add(dependency);
    }
  }
  return [...needed].sort();
}

/** `pnpm pack` in `folder` (workspace: and catalog: ranges become versions); the tarball's path. */
function pack(folder) {
  return new Promise((resolvePack, rejectPack) => {
    const child = spawn(pnpm[0], [...pnpm.slice(1), 'pack', '--json', '--pack-destination', destination], {
      cwd: folder,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => {
      if (status !== 0)
        return rejectPack(new Error(`pnpm pack failed in ${relative(root, folder)}:\n${output.trim()}`));
      const report = JSON.parse(output.slice(output.indexOf('{')));
      resolvePack(join(destination, basename(report.filename)));
    });
  });
}

function fail(message) {
  console.error(`pack-all: ${message}`);
  process.exit(2);
}
