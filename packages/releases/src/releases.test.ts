import { describe, expect, it } from 'vitest';
import { readRelease } from './release.ts';
import { findRelease, LATEST_RELEASE, releaseOf } from './releases.ts';

describe('MedHELM v2.0.0', () => {
  const release = findRelease('v2.0.0');

  it('holds the 37 benchmarks at version 1, HELM 63754d05 and HELM’s three judges', () => {
    expect(release?.benchmarks).toHaveLength(37);
    expect(release?.benchmarks.every((benchmark) => benchmark.version === '1')).toBe(true);
    expect(release?.benchmarks.map((benchmark) => benchmark.id)).toEqual(
      expect.arrayContaining([
        'pubmed_qa',
        'med_qa',
        'med_mcqa',
        'medcalc_bench',
        'aci_bench',
        'shc_ent_med',
      ]),
    );
    expect(release?.helmCommit).toBe('63754d05db6f874e41a395880fb573890a13e791');
    expect(release?.jury.map((judge) => [judge.name, judge.helmModel])).toEqual([
      ['gpt', 'openai/gpt-4o-2024-05-13'],
      ['llama', 'meta/llama-3.3-70b-instruct'],
      ['claude', 'anthropic/claude-3-7-sonnet-20250219'],
    ]);
    expect(LATEST_RELEASE).toBe(release);
  });

  it('is the release of a benchmark at its version only', () => {
    expect(releaseOf('pubmed_qa', '1')).toBe(release);
    expect(releaseOf('pubmed_qa', '1+quasi-exact-match')).toBeUndefined();
    expect(releaseOf('pubmed_qa', undefined)).toBeUndefined();
    expect(releaseOf('my_benchmark', '1')).toBeUndefined();
    expect(findRelease('v9.9.9')).toBeUndefined();
  });

  it('refuses a release file that is not one, naming the field', () => {
    expect(() =>
      readRelease(
        {
          ...release,
          benchmarks: [
            { id: 'a', version: '1' },
            { id: 'a', version: '1' },
          ],
        },
        'x.json',
      ),
    ).toThrow('x.json is not a release: benchmarks: must name each benchmark once');
    expect(() => readRelease({ ...release, helmCommit: '63754d05' }, 'x.json')).toThrow('helmCommit');
  });
});
