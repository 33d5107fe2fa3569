import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundledSampleFile, bundledSampleFolder, bundledSamplePath } from './bundled-sample.ts';
import { testInstance } from './test-instance.ts';

const packageRoot = join(import.meta.dirname, '..');

describe('bundledSamplePath', () => {
  it('resolves data/<path> beside the src/ or dist/ folder of the calling module', () => {
    const fromSource = pathToFileURL(join(packageRoot, 'src', 'reader.ts')).href;
    const fromBuild = pathToFileURL(join(packageRoot, 'dist', 'index.mjs')).href;
    expect(bundledSamplePath('a/b.csv', fromSource)).toBe(join(packageRoot, 'data', 'a', 'b.csv'));
    expect(bundledSamplePath('a/b.csv', fromBuild)).toBe(join(packageRoot, 'data', 'a', 'b.csv'));
  });

  it('names the file or folder and points at its sample', () => {
    const moduleUrl = pathToFileURL(join(packageRoot, 'src', 'reader.ts')).href;
    expect(bundledSampleFile('CHW_Dataset.csv', moduleUrl)).toEqual({
      name: 'CHW_Dataset.csv',
      samplePath: join(packageRoot, 'data', 'CHW_Dataset.csv'),
    });
    expect(bundledSampleFolder('test', moduleUrl)).toEqual({
      name: 'test',
      samplePath: join(packageRoot, 'data', 'test'),
    });
    // This package bundles no data: the path is computed, never checked.
    expect(existsSync(join(packageRoot, 'data'))).toBe(false);
  });
});

describe('testInstance', () => {
  it('is a test-split instance with the one correct reference', () => {
    expect(testInstance('note', 'summary')).toEqual({
      input: { text: 'note' },
      references: [{ output: { text: 'summary' }, tags: ['correct'] }],
      split: 'test',
    });
  });
});
