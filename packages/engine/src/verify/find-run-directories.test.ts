import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { findRunDirectories } from './find-run-directories.ts';

function folderWith(...runDirectories: string[]): string {
  const folder = mkdtempSync(join(tmpdir(), 'medhelm-find-runs-'));
  for (const name of runDirectories) {
    mkdirSync(join(folder, name), { recursive: true });
    writeFileSync(join(folder, name, 'run_spec.json'), '{}');
  }
  return folder;
}

describe('findRunDirectories', () => {
  it('gives a run directory itself', () => {
    const suite = folderWith('pubmed_qa:model=a');
    expect(findRunDirectories(join(suite, 'pubmed_qa:model=a'))).toEqual([join(suite, 'pubmed_qa:model=a')]);
  });

  it("gives a suite folder's run directories in name order, without a writer's hidden temporary folder", () => {
    const suite = folderWith('b:model=x', 'a:model=x', '.a:model=y.partial-123');
    mkdirSync(join(suite, 'eval_cache'));
    expect(findRunDirectories(suite)).toEqual([join(suite, 'a:model=x'), join(suite, 'b:model=x')]);
  });

  it('refuses a path that is not a folder, and a folder without runs', () => {
    const empty = folderWith();
    expect(() => findRunDirectories(join(empty, 'nothing'))).toThrow(ConfigError);
    expect(() => findRunDirectories(empty)).toThrow('is neither a run directory nor a suite folder');
  });
});
