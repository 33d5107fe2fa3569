#!/usr/bin/env node
// Packs every publishable workspace package with `pnpm pack` (as `pnpm release` would publish it)
// and lints the tarball with publint (strict: warnings fail), plus the checks publint does not make:
// ESM with types, a README in the tarball, and every package but the runner taking @medhelm/core as
// a peer dependency.
// Usage: pnpm publint [package-name-or-folder ...]   (run after `pnpm build`)
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { pnpmCommand, publishablePackages, root } from './workspace-packages.mjs';

const pnpm = pnpmCommand();

function run(command, args, cwd) {
  return new Promise((resolvePromise) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('close', (status) => resolvePromise({ status, output }));
  });
}

/** The package that depends on @medhelm/core; everything else takes core as a peer. */
const CORE_OWNER = '@medhelm/runner';

/** Checks publint leaves to us; `files` are the tarball's paths (without `package/`). */
function projectProblems(packageJson, files) {
  const problems = [];
  if (packageJson.type !== 'module')
    problems.push('"type" must be "module" (MedHELM packages are ESM only).');
  const main = packageJson.exports?.['.'];
  if (typeof main !== 'object' || main === null || !main.types || !main.default) {
    problems.push('exports["."] must give "types" and "default" (ESM with type declarations).');
  }
  if (!files.includes('README.md')) problems.push('the tarball has no README.md.');
  if (packageJson.medhelm !== undefined && !packageJson.peerDependencies?.['@medhelm/core']) {
    problems.push('a plugin (it has a "medhelm" manifest) must list @medhelm/core in peerDependencies.');
  }
  // The runner is the one package that brings core; every plugin and library shares its copy.
  if (packageJson.name !== CORE_OWNER && packageJson.dependencies?.['@medhelm/core']) {
    problems.push(
      `only ${CORE_OWNER} may list @medhelm/core in dependencies; take it as a peer dependency, or a second copy of core may be installed.`,
    );
  }
  return problems;
}

async function lintPackage(directory, destination) {
  const packageJson = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8'));
  const name = packageJson.name;
  const packed = await run(
    pnpm[0],
    [...pnpm.slice(1), 'pack', '--json', '--pack-destination', destination],
    directory,
  );
  if (packed.status !== 0) return { name, lines: [`pnpm pack failed:\n${packed.output.trim()}`] };
  const report = JSON.parse(packed.output.slice(packed.output.indexOf('{')));
  const tarball = readFileSync(report.filename);
  const { messages, pkg } = await publint({
    level: 'suggestion',
    strict: true,
    pack: { tarball: tarball.buffer.slice(tarball.byteOffset, tarball.byteOffset + tarball.byteLength) },
  });
  const lines = messages.map(
    (message) => `${message.type}: ${formatMessage(message, pkg, { color: false })}`,
  );
  lines.push(
    ...projectProblems(
      pkg,
      report.files.map((file) => file.path),
    ).map((problem) => `error: ${problem}`),
  );
  return { name, lines, failed: lines.some((line) => !line.startsWith('suggestion:')) };
}

const only = process.argv.slice(2);
const folders = publishablePackages()
  .filter(
    ({ folder, packageJson }) =>
      only.length === 0 || only.includes(packageJson.name) || only.some((path) => resolve(path) === folder),
  )
  .map(({ folder }) => folder);

const destination = mkdtempSync(join(tmpdir(), 'medhelm-publint-'));
const results = [];
try {
  const queue = [...folders];
  const workers = Array.from({ length: 4 }, async () => {
    for (let folder = queue.shift(); folder !== undefined; folder = queue.shift()) {
      results.push({ folder, ...(await lintPackage(folder, destination)) });
    }
  });
  await Promise.all(workers);
} finally {
  rmSync(destination, { recursive: true, force: true });
}

results.sort((a, b) => a.folder.localeCompare(b.folder));
for (const result of results) {
  const status = result.failed ? 'FAIL' : 'ok  ';
  console.log(`${status} ${result.name} (${relative(root, result.folder)})`);
  for (const line of result.lines) console.log(`     ${line.replaceAll('\n', '\n     ')}`);
}
const failed = results.filter((result) => result.failed);
console.log(
  `\npublint: ${results.length - failed.length}/${results.length} packages pass${failed.length > 0 ? '; run `pnpm build` first if dist files are missing' : ''}.`,
);
process.exitCode = failed.length > 0 ? 1 : 0;
