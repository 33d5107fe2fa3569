import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findFidelityDirectory } from './find-fidelity-directory.ts';
import { recordMissingPrerequisite } from './record-missing-prerequisite.ts';

// What the locator records is checked here, not left on this file for the skipped-tests summary.
vi.mock('./record-missing-prerequisite.ts', () => ({ recordMissingPrerequisite: vi.fn() }));

/** A folder holding `files` (relative path -> text), made for one test. */
function folderWith(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'medhelm-fidelity-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(folder, path, '..'), { recursive: true });
    writeFileSync(join(folder, path), text);
  }
  return folder;
}

const WITHHELD = JSON.stringify({ 'data/closed': 'closed: upstream states no licence, not redistributable' });

describe('findFidelityDirectory', () => {
  let bundle = '';
  beforeEach(() => {
    bundle = folderWith({
      'withheld.json': WITHHELD,
      'conformance/open.jsonl': '{}\n',
      'data/open/a.csv': 'a\n',
    });
    vi.stubEnv('MEDHELM_FIDELITY_VECTORS_DIR', bundle);
    vi.stubEnv('MEDHELM_PARTIAL_FIDELITY', '');
    vi.stubEnv('MEDHELM_SHARED_DIR', '/nonexistent/shared');
  });
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('is the bundle when it holds every file, even without a shared folder', () => {
    expect(findFidelityDirectory(['conformance/open.jsonl', 'data/open'])).toBe(bundle);
  });

  it('fails naming a bundled file that is missing and how to restore it', () => {
    expect(() => findFidelityDirectory(['conformance/open.jsonl', 'conformance/lost.jsonl'])).toThrow(
      `Missing bundled fidelity vectors: ${join(bundle, 'conformance/lost.jsonl')}. They are part of the repository: restore them with \`git checkout -- packages/fidelity-vectors\``,
    );
  });

  it('skips (undefined) instead where MEDHELM_PARTIAL_FIDELITY=1 declares the run partial', () => {
    vi.stubEnv('MEDHELM_PARTIAL_FIDELITY', '1');
    expect(findFidelityDirectory(['conformance/lost.jsonl'])).toBeUndefined();
    expect(recordMissingPrerequisite).toHaveBeenCalledWith(
      'the bundled fidelity vectors (MEDHELM_PARTIAL_FIDELITY=1: a partial run)',
      `missing ${join(bundle, 'conformance/lost.jsonl')}`,
    );
  });

  it('reads a withheld file from the shared folder, which then serves the bundled ones too', () => {
    const shared = folderWith({ 'data/closed/b.csv': 'b\n', 'conformance/open.jsonl': '{}\n' });
    vi.stubEnv('MEDHELM_SHARED_DIR', shared);
    expect(findFidelityDirectory(['data/closed/b.csv', 'conformance/open.jsonl'])).toBe(shared);
  });

  it('skips (undefined) a withheld file without a shared folder, and without a shared folder that has it', () => {
    expect(findFidelityDirectory(['data/closed'])).toBeUndefined();
    expect(recordMissingPrerequisite).toHaveBeenLastCalledWith(
      'the shared folder (files that may not be redistributed)',
      expect.stringContaining(
        'data/closed (closed: upstream states no licence, not redistributable): put the shared folder beside the checkout as ../shared',
      ),
    );
    const otherShared = folderWith({ 'data/other/c.csv': 'c\n' });
    vi.stubEnv('MEDHELM_SHARED_DIR', otherShared);
    expect(findFidelityDirectory(['data/closed'])).toBeUndefined();
    expect(recordMissingPrerequisite).toHaveBeenLastCalledWith(
      'the shared folder (files that may not be redistributed)',
      expect.stringContaining(`(${otherShared} lacks them)`),
    );
  });
});
