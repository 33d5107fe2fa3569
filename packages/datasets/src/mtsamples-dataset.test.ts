import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Instance } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import {
  createMtsamplesDataset,
  MTSAMPLES_SECTION_MARKERS,
  mtsamplesReportFolder,
  mtsamplesReportInstance,
  parseMtsamplesReport,
} from './mtsamples-dataset.ts';

const all = { cutMarkers: MTSAMPLES_SECTION_MARKERS };
const planOnly = { cutMarkers: ['PLAN:'] as const };

describe('parseMtsamplesReport', () => {
  it('takes the rest of the PLAN: line as the reference and cuts the input before it', () => {
    expect(
      parseMtsamplesReport('\nSample Name: x\nPROCEDURE:  Done.\nPLAN:  Rest. \nKeywords: y\n', all),
    ).toEqual({
      input: 'Sample Name: x\nPROCEDURE:  Done.',
      reference: 'Rest.',
    });
  });

  it('prefers PLAN over SUMMARY over FINDINGS, and cuts the input before the cut markers only', () => {
    const text = 'Intro.\nFINDINGS: f1\nmiddle\nSUMMARY: s1\nend';
    expect(parseMtsamplesReport(text, all)).toEqual({ input: 'Intro.', reference: 's1' });
    expect(parseMtsamplesReport(text, planOnly)).toEqual({ input: text, reference: 's1' });
    expect(parseMtsamplesReport('Intro.\nSUMMARY: kept.\nASSESSMENT AND\nPLAN: p', planOnly)?.input).toBe(
      'Intro.\nSUMMARY: kept.\nASSESSMENT AND',
    );
  });

  it("skips an empty section as Python's `or` does", () => {
    expect(parseMtsamplesReport('Intro.\nPLAN:   \nFINDINGS: f', planOnly)).toEqual({
      input: 'Intro.',
      reference: 'f',
    });
    expect(parseMtsamplesReport('Intro.\nPLAN:\nSUMMARY:', all)).toBeUndefined();
  });

  it('is undefined where HELM raises IndexError (a marker found case-insensitively only) or finds no section', () => {
    expect(parseMtsamplesReport('Intro.\nPlan: rest', all)).toBeUndefined();
    expect(parseMtsamplesReport('Intro.\nPLAN: rest\nIn summary: fine', all)).toBeUndefined();
    expect(parseMtsamplesReport('Sample Name: x\nIMPRESSION: fine.', all)).toBeUndefined();
  });

  it('cuts the reference at the next occurrence of its marker (split(marker)[1])', () => {
    expect(parseMtsamplesReport('x\nPLAN: first PLAN: second\n', all)?.reference).toBe('first');
    expect(parseMtsamplesReport('x FINDINGS: ok.DESCRIPTION: more\nnext', all)?.reference).toBe(
      'ok.DESCRIPTION: more',
    );
  });

  it('strips as Python does: NBSP, NEL and the \\x1c-\\x1f separators, not a byte-order mark', () => {
    expect(parseMtsamplesReport('x\nPLAN:\u00a0rest\u0085\u001c\nmore', all)?.reference).toBe('rest');
    expect(parseMtsamplesReport('\ufeffSample\u00a0\nPLAN: x', planOnly)?.input).toBe('\ufeffSample');
  });
});

describe('mtsamplesReportInstance', () => {
  it('makes a test instance with the one correct reference, or none', () => {
    expect(mtsamplesReportInstance('Intro.\nPLAN: rest', all)).toEqual({
      input: { text: 'Intro.' },
      references: [{ output: { text: 'rest' }, tags: ['correct'] }],
      split: 'test',
    });
    expect(mtsamplesReportInstance('Intro.', all)).toBeUndefined();
  });
});

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
