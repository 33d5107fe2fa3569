import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Instance } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { createMtsamplesDataset } from './create-mtsamples-dataset.ts';
import { mtsamplesReportFolder } from './mtsamples-report-folder.ts';

describe('createMtsamplesDataset', () => {
  const folder = mtsamplesReportFolder('reports', 'abc123', '/nowhere');

  it('declares the raulista1997/benchmarkdata folder at its revision', () => {
    expect(folder).toEqual({
      name: 'reports',
      listing: {
        kind: 'github-contents',
        repository: 'raulista1997/benchmarkdata',
        path: 'reports',
        revision: 'abc123',
      },
      samplePath: '/nowhere',
    });
    const loader = createMtsamplesDataset({ benchmarkId: 'b', folder, cutMarkers: ['PLAN:'] });
    expect(loader.upstream).toEqual({
      url: 'https://github.com/raulista1997/benchmarkdata/tree/abc123/reports',
      revision: 'abc123',
    });
    expect(loader.folders).toEqual([folder]);
  });

  it('yields one instance per report with a section, in listing order, reading what include keeps', async () => {
    const scratch = await mkdtemp(join(tmpdir(), 'medhelm-mtsamples-'));
    try {
      await mkdir(join(scratch, 'reports'));
      await writeFile(join(scratch, 'reports', 'b.txt'), 'b\r\nSUMMARY: s\r\nPLAN: second\r\n');
      await writeFile(join(scratch, 'reports', 'B.txt'), 'B\nPLAN: first\n');
      await writeFile(join(scratch, 'reports', 'C.txt'), 'no section');
      await writeFile(join(scratch, 'reports', 'D #1.txt'), 'x\nPLAN: skipped');
      const loader = createMtsamplesDataset({
        benchmarkId: 'b',
        folder,
        cutMarkers: ['PLAN:'],
        include: (name) => !name.includes('#'),
      });
      const instances: Instance[] = [];
      const context = { resolveFile: async () => '', resolveFolder: async () => join(scratch, 'reports') };
      for await (const instance of loader.load(context)) instances.push(instance);
      expect(instances.map((instance) => [instance.input.text, instance.references[0]?.output.text])).toEqual(
        [
          ['B', 'first'],
          ['b\nSUMMARY: s', 'second'],
        ],
      );
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
});
