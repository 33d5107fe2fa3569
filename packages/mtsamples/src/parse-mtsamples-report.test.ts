import { describe, expect, it } from 'vitest';
import { MTSAMPLES_SECTION_MARKERS, parseMtsamplesReport } from './parse-mtsamples-report.ts';

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
