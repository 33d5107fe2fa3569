import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, join, resolve } from 'node:path';

/** A package's folder and its parsed package.json, found without executing any of its code. */
export interface FoundPackage {
  directory: string;
  packageJson: PackageJson;
}

/** The package.json fields the runner reads. */
export interface PackageJson {
  name?: unknown;
  version?: unknown;
  main?: unknown;
  exports?: unknown;
  medhelm?: unknown;
  dependencies?: unknown;
  devDependencies?: unknown;
  optionalDependencies?: unknown;
  [field: string]: unknown;
}

/**
 * The `node_modules` folders Node searches from `directory`, nearest first (its package resolution
 * walk: every ancestor's `node_modules`, skipping folders that are themselves `node_modules`).
 */
export function nodeModulesFolders(directory: string): string[] {
  const folders: string[] = [];
  let current = resolve(directory);
  for (;;) {
    if (basename(current) !== 'node_modules') folders.push(join(current, 'node_modules'));
    const parent = dirname(current);
    if (parent === current) return folders;
    current = parent;
  }
}

/** Finds the installed package `name` as Node would from `fromDirectory`, or undefined. */
export function findInstalledPackage(name: string, fromDirectory: string): FoundPackage | undefined {
  for (const folder of nodeModulesFolders(fromDirectory)) {
    const directory = join(folder, ...name.split('/'));
    const found = readPackageDirectory(directory);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Reads `<directory>/package.json`; undefined when there is none. Malformed JSON throws. */
export function readPackageDirectory(directory: string): FoundPackage | undefined {
  const path = join(directory, 'package.json');
  if (!isFile(path)) return undefined;
  return { directory, packageJson: readJsonObject(path) as PackageJson };
}

/** The nearest folder at or above `directory` holding a package.json, or undefined. */
export function findPackageRoot(directory: string): string | undefined {
  let current = resolve(directory);
  for (;;) {
    if (isFile(join(current, 'package.json'))) return current;
    const parent = dirname(current);
    if (parent === current) return undefined;
    current = parent;
  }
}

/** Parses a JSON file that must hold an object; the error names the file. */
export function readJsonObject(path: string): Record<string, unknown> {
  const value: unknown = JSON.parse(readFileSync(path, 'utf8'));
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new Error(`${path} does not hold a JSON object.`);
  }
  return value as Record<string, unknown>;
}

export function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

export function isDirectory(path: string): boolean {
  return existsSync(path) && statSync(path).isDirectory();
}

/** Splits a bare specifier into its package name and subpath: `@a/b/c` → `@a/b`, `./c`. */
export function splitBareSpecifier(specifier: string): { name: string; subpath: string } {
  const parts = specifier.split('/');
  const nameParts = specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1);
  const rest = parts.slice(nameParts.length);
  return { name: nameParts.join('/'), subpath: rest.length === 0 ? '.' : `./${rest.join('/')}` };
}
