import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';

// The bundle must stay a faithful copy of the project's shared folder (where the vectors are made),
// and must never carry what withheld.json says may not be redistributed.
const bundle = join(import.meta.dirname, '..');
const withheld = JSON.parse(readFileSync(join(bundle, 'withheld.json'), 'utf8')) as Record<string, string>;
/** Folders of the bundle that hold copies of the shared folder (the rest is this package's own). */
const COPIED_FOLDERS = [
  'conformance',
  'conformance-gated-private',
  'conformance-healthbench',
  'data',
  'reference',
];
/** The one file cut down to its redistributable lines (see README). */
const CUT_FILE = 'conformance/word_tokenize.jsonl';

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/** SHA-256 of each copied file as it was in the shared folder when copied (shared-sha256.json). */
const sharedDigests = JSON.parse(readFileSync(join(bundle, 'shared-sha256.json'), 'utf8')) as Record<
  string,
  string
>;

function sha256Of(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

const bundledFiles = COPIED_FOLDERS.flatMap((folder) => filesUnder(join(bundle, folder))).map((path) =>
  relative(bundle, path),
);

describe('the bundle', () => {
  it.each(Object.keys(withheld))('does not carry %s, which may not be redistributed', (path) => {
    expect(existsSync(join(bundle, path))).toBe(false);
  });

  it('carries the HELM-made vectors of every metric family and the gated and private benchmarks', () => {
    expect(bundledFiles).toContain('conformance/porter_stemmer.jsonl');
    expect(bundledFiles).toContain('conformance/ehr_sql.sqlite');
    expect(bundledFiles.filter((path) => path.startsWith('conformance-gated-private/prompts/'))).toHaveLength(
      22,
    );
  });
});

// Runs on a fresh clone: each copy still has the digest its shared file had when it was copied.
describe('the bundle against the digests of the shared files it copies', () => {
  it('records a digest for every copied file and no other', () => {
    expect(Object.keys(sharedDigests).sort()).toEqual(
      bundledFiles.filter((path) => path !== CUT_FILE).sort(),
    );
  });

  it.each(Object.keys(sharedDigests))('%s is the shared file, byte for byte', (path) => {
    expect(sha256Of(join(bundle, path))).toBe(sharedDigests[path]);
  });
});

// Where the shared folder is present (CI): it has not moved on since the copies were made.
const sharedDirectory = findSharedDirectory();

describe.skipIf(sharedDirectory === undefined)('the bundle against the shared folder', () => {
  const shared = sharedDirectory ?? '';

  // One check for every copied file, so a fresh clone skips one named freshness check, not hundreds.
  it('every copied file in the shared folder still has its recorded digest', () => {
    const moved = Object.keys(sharedDigests).filter(
      (path) => sha256Of(join(shared, path)) !== sharedDigests[path],
    );
    expect(moved).toEqual([]);
  });

  it(`${CUT_FILE} keeps lines of the shared file, unchanged and in order`, () => {
    const sharedLines = readFileSync(join(shared, CUT_FILE), 'utf8').split('\n');
    const bundledLines = readFileSync(join(bundle, CUT_FILE), 'utf8')
      .split('\n')
      .filter((line) => line !== '');
    let previous = -1;
    for (const line of bundledLines) {
      const index = sharedLines.indexOf(line, previous + 1);
      expect(index, line.slice(0, 120)).toBeGreaterThan(previous);
      previous = index;
    }
    expect(bundledLines).toHaveLength(528);
  });

  it('every file withheld here is in the shared folder', () => {
    expect(Object.keys(withheld).filter((path) => !existsSync(join(shared, path)))).toEqual([]);
  });
});
