#!/usr/bin/env node
// Runs the pinned pnpm (package.json "packageManager") whether or not pnpm is installed:
// a global pnpm of the same version is used as is, otherwise npx fetches it from the npm registry.
// The root scripts that run turbo go through `node scripts/pnpm.mjs exec turbo ...`: turbo runs each
// package's script with the package manager it finds on PATH ("Unable to find package manager
// binary" without one), and pnpm exec puts the pinned pnpm there, so `npm run build` works with npm only.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const packageJson = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const version = String(packageJson.packageManager).replace(/^pnpm@/, '');

function installedPnpmVersion() {
  try {
    return execFileSync('pnpm', ['--version'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return undefined;
  }
}

export function runPnpm(args, options = {}) {
  const command =
    installedPnpmVersion() === version ? ['pnpm', args] : ['npx', ['-y', `pnpm@${version}`, ...args]];
  const result = spawnSync(command[0], command[1], { stdio: 'inherit', ...options });
  if (result.error) throw result.error;
  return result.status ?? 1;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  process.exit(runPnpm(process.argv.slice(2)));
}
