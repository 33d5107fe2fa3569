#!/usr/bin/env node
// Installs the workspace and builds it, on a machine that has only Node >= 20.19 and npm.
// Used by the README's quickstart and test commands and by .ci/run.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { runPnpm } from './pnpm.mjs';

const [major, minor] = process.versions.node.split('.').map(Number);
if (major < 20 || (major === 20 && minor < 19)) {
  console.error(`MedHELM needs Node.js >= 20.19; this is ${process.versions.node}.`);
  process.exit(1);
}

// better-sqlite3 compiles from source where its prebuilt binary cannot be downloaded. pnpm's
// node-gyp ignores the user's npmrc `nodedir`, so pass the local Node headers on explicitly.
if (!process.env.npm_config_nodedir) {
  try {
    const nodedir = execFileSync('npm', ['config', 'get', 'nodedir'], { encoding: 'utf8' }).trim();
    if (nodedir && existsSync(join(nodedir, 'include', 'node', 'node.h')))
      process.env.npm_config_nodedir = nodedir;
  } catch {
    // No npm config: node-gyp falls back to its own header download.
  }
}
process.env.TURBO_TELEMETRY_DISABLED ??= '1';

const steps = [['install'], ['exec', 'turbo', 'run', 'build', '--output-logs=errors-only']];
for (const step of steps) {
  const status = runPnpm(step);
  if (status !== 0) process.exit(status);
}
