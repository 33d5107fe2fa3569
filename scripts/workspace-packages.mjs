// The workspace's package folders and which of them are published, shared by `pnpm publint` and
// `pnpm pack-all`; and the pinned pnpm to run.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

export const root = resolve(import.meta.dirname, '..');

/** `pnpm` when the global one is the pinned version, else `npx -y pnpm@<pinned>`. */
export function pnpmCommand() {
  const rootPackage = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const pnpmVersion = String(rootPackage.packageManager).replace(/^pnpm@/, '');
  const installed = spawnSync('pnpm', ['--version'], { encoding: 'utf8' });
  return installed.status === 0 && installed.stdout.trim() === pnpmVersion
    ? ['pnpm']
    : ['npx', '-y', `pnpm@${pnpmVersion}`];
}

/** Workspace package folders from pnpm-workspace.yaml (single-star globs per path segment), sorted. */
export function workspaceFolders() {
  const lines = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trim() === 'packages:');
  const globs = [];
  for (const line of lines.slice(start + 1)) {
    const match = /^\s+-\s+['"]?([^'"]+)['"]?\s*$/.exec(line);
    if (!match) break;
    globs.push(match[1]);
  }
  const expand = (base, parts) => {
    if (parts.length === 0) return existsSync(join(base, 'package.json')) ? [base] : [];
    const [part, ...rest] = parts;
    if (part !== '*') return expand(join(base, part), rest);
    if (!existsSync(base)) return [];
    return readdirSync(base, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name !== 'node_modules')
      .flatMap((entry) => expand(join(base, entry.name), rest));
  };
  return globs.flatMap((glob) => expand(root, glob.split('/'))).sort();
}

/**
 * The packages whose install scripts pnpm runs in the workspace: the `allowBuilds:` entries of
 * pnpm-workspace.yaml set to `true` (one `name: true|false` a line, comments allowed).
 */
export function allowedBuilds() {
  const lines = readFileSync(join(root, 'pnpm-workspace.yaml'), 'utf8').split('\n');
  const start = lines.findIndex((line) => line.trim() === 'allowBuilds:');
  const allowed = new Set();
  if (start === -1) return allowed;
  for (const line of lines.slice(start + 1)) {
    if (line.trim() === '' || line.trim().startsWith('#')) continue;
    const match = /^\s+['"]?([^'":\s]+)['"]?:\s*(true|false)\s*$/.exec(line);
    if (!match) break;
    if (match[2] === 'true') allowed.add(match[1]);
  }
  return allowed;
}

/**
 * The publishable packages as `{ folder, packageJson }`: every package that is not private, and
 * the examples (private here, published by the people who copy them).
 */
export function publishablePackages() {
  return workspaceFolders()
    .map((folder) => ({
      folder,
      packageJson: JSON.parse(readFileSync(join(folder, 'package.json'), 'utf8')),
    }))
    .filter(
      ({ folder, packageJson }) => !packageJson.private || relative(root, folder).startsWith('examples/'),
    );
}
