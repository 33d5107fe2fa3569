import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compareExpected } from './compare-expected.ts';
import { type ConformanceFamily, RAISES_KEY } from './conformance-family.ts';
import { runConformance } from './run-conformance.ts';
import { runFamilyFile } from './run-family.ts';

/** A family implemented here from its definition: the length of the prediction. */
const lengthFamily: ConformanceFamily = {
  name: 'length',
  floatKeys: ['half'],
  evaluate: (vector) => {
    if (vector.prediction === null) return { [RAISES_KEY]: 'no prediction' };
    return { length: vector.prediction.length, half: vector.prediction.length / 2 };
  },
};

function line(prediction: string | null, expected: Record<string, unknown>): string {
  return JSON.stringify({ metric: 'length', prediction, references: [], extra: {}, expected });
}

function vectorsFolder(files: Record<string, string>): string {
  const folder = mkdtempSync(join(tmpdir(), 'medhelm-conformance-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(folder, name, '..'), { recursive: true });
    writeFileSync(join(folder, name), text);
  }
  return folder;
}

describe('compareExpected', () => {
  it('compares float keys within 1e-9 and everything else exactly', () => {
    const floats = new Set(['rouge_l']);
    expect(compareExpected({ rouge_l: 0.5 }, { rouge_l: 0.5 + 5e-10 }, floats)).toBeUndefined();
    expect(compareExpected({ rouge_l: 0.5 }, { rouge_l: 0.5 + 2e-9 }, floats)).toMatch(/rouge_l/);
    expect(compareExpected({ exact_match: 1 }, { exact_match: 1 + 1e-12 }, floats)).toMatch(/exact_match/);
    expect(compareExpected({ tokens: ['a', 'b'] }, { tokens: ['a', 'b'] }, floats)).toBeUndefined();
    expect(compareExpected({ tokens: ['a', 'b'] }, { tokens: ['a'] }, floats)).toMatch(/tokens/);
  });

  it('requires a refusal exactly where HELM raises', () => {
    const none = new Set<string>();
    expect(compareExpected({ [RAISES_KEY]: 'ValueError' }, { [RAISES_KEY]: 'ours' }, none)).toBeUndefined();
    expect(compareExpected({ [RAISES_KEY]: 'ValueError' }, { f1: 0 }, none)).toMatch(
      /HELM raises ValueError/,
    );
    expect(compareExpected({ f1: 0 }, { [RAISES_KEY]: 'ours' }, none)).toMatch(/ours refused/);
  });

  it('fails on keys HELM does not produce', () => {
    expect(compareExpected({ a: 1 }, { a: 1, b: 2 }, new Set())).toMatch(/keys HELM does not: b/);
  });
});

describe('runFamilyFile', () => {
  it('counts passing and failing cases and names the failing line', async () => {
    const folder = vectorsFolder({
      'length.jsonl': [
        line('abcd', { length: 4, half: 2 }),
        '',
        line('ab', { length: 3, half: 1.5 }),
        line(null, { [RAISES_KEY]: 'TypeError' }),
      ].join('\n'),
    });
    const result = await runFamilyFile(lengthFamily, join(folder, 'length.jsonl'));
    expect([result.passed, result.failed]).toEqual([2, 1]);
    expect(result.failures).toEqual([{ family: 'length', line: 3, message: 'length: expected 3, got 2' }]);
  });
});

describe('runConformance', () => {
  it('checks every known family, reports files it does not understand, and skips prompts of absent benchmarks', async () => {
    const folder = vectorsFolder({
      'length.jsonl': line('abc', { length: 3, half: 1.5 }),
      'mystery.jsonl': line('x', { mystery: 1 }),
      'README.md': '# notes',
      'prompts/absent_bench.jsonl': '{}',
    });
    const seen: string[] = [];
    const report = await runConformance({
      vectorsDirectory: folder,
      families: [lengthFamily],
      benchmarks: new Map(),
      onResult: (result) => seen.push(result.family),
    });
    expect(seen).toEqual(['length']);
    expect([report.passed, report.failed]).toEqual([1, 0]);
    expect(report.notUnderstood).toEqual(['mystery.jsonl']);
    expect(report.skipped).toEqual(['prompts/absent_bench.jsonl: no installed benchmark "absent_bench"']);
  });

  it('refuses a path that is not a folder', async () => {
    await expect(
      runConformance({ vectorsDirectory: '/nonexistent/x', families: [], benchmarks: new Map() }),
    ).rejects.toThrow(/not a folder of conformance vectors/);
  });
});
