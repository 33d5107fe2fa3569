import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { findSharedDirectory } from '@medhelm/testing';
import { describe, expect, it } from 'vitest';

// The bundle must stay a faithful copy of the project's shared folder (where the vectors are made),
// and must never carry what withheld.json says may not be redistributed.
const bundle = join(import.meta.dirname, '..');
const withheld = JSON.parse(readFileSync(join(bundle, 'withheld.json'), 'utf8')) as Record<string, string>;
/** Folders of the bundle that hold copies of the shared folder (the rest is this package's own). */
const COPIED_FOLDERS = ['conformance', 'conformance-gated-private', 'data', 'reference'];
/** The one file cut down to its redistributable lines (see README). */
const CUT_FILE = 'conformance/word_tokenize.jsonl';

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
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

const sharedDirectory = findSharedDirectory();

describe.skipIf(sharedDirectory === undefined)('the bundle against the shared folder', () => {
  const shared = sharedDirectory ?? '';

  it.each(bundledFiles.filter((path) => path !== CUT_FILE))(
    '%s is the shared file, byte for byte',
    (path) => {
      expect(readFileSync(join(bundle, path)).equals(readFileSync(join(shared, path)))).toBe(true);
    },
  );

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

  it.each(Object.keys(withheld))('%s, withheld here, is in the shared folder', (path) => {
    expect(existsSync(join(shared, path))).toBe(true);
  });
});
