import { describe, expect, it } from 'vitest';
import { caveatsOf } from './caveats.ts';

const NONE = { invented_data: false, unstated_sample: false, judge_replies: null };

describe('caveatsOf', () => {
  it('says nothing of a headline without caveats, or with judge replies all valid', () => {
    expect(caveatsOf(NONE)).toEqual([]);
    expect(caveatsOf({ ...NONE, judge_replies: { total: 12, invalid: 0, invalid_share: 0 } })).toEqual([]);
  });

  it('names invented data and counts the invalid judge replies, with their share', () => {
    const shown = caveatsOf({
      invented_data: true,
      unstated_sample: false,
      judge_replies: { total: 15, invalid: 3, invalid_share: 0.2 },
    });
    expect(shown.map((caveat) => [caveat.mark, caveat.text])).toEqual([
      ['†', 'Invented sample data: these numbers say nothing about the model’s real performance.'],
      ['!', '3 of 15 judge replies were invalid (20%): HELM scored those instances 1.0.'],
    ]);
    expect(
      caveatsOf({ ...NONE, judge_replies: { total: 3, invalid: 1, invalid_share: 1 / 3 } })[0]?.text,
    ).toBe('1 of 3 judge replies were invalid (33.3%): HELM scored those instances 1.0.');
  });

  it('says when the plugin did not state what its sample is', () => {
    expect(caveatsOf({ ...NONE, unstated_sample: true }).map((caveat) => caveat.kind)).toEqual(['unstated']);
  });
});
