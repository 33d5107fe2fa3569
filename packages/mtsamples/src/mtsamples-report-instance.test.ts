import { describe, expect, it } from 'vitest';
import { mtsamplesReportInstance } from './mtsamples-report-instance.ts';
import { MTSAMPLES_SECTION_MARKERS } from './parse-mtsamples-report.ts';

const all = { cutMarkers: MTSAMPLES_SECTION_MARKERS };

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
