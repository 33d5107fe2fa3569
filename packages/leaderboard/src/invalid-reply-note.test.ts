import { describe, expect, it } from 'vitest';
import { caveatNotes, mergeCaveats, runCaveatsOf } from './score-caveats.ts';

const NOTE =
  'each was asked again (at most 5 times per rubric item); an item never answered usably fails its instance, never scored';

describe("the invalid judge replies' note", () => {
  it("says what the run's annotator recorded about its invalid replies, in place of HELM's jury rule", () => {
    const caveats = runCaveatsOf({ jury_replies: { total: 180, invalid: 1, invalid_reply_note: NOTE } });
    expect(caveatNotes('healthbench / m', caveats)).toEqual([
      `! healthbench / m: 1 of 180 judge replies invalid (0.6%); ${NOTE}`,
    ]);
  });

  it("keeps HELM's rule for a run that records none, and for a cell whose runs record different ones", () => {
    const helm = runCaveatsOf({ jury_replies: { total: 15, invalid: 3 } });
    expect(caveatNotes('medication_qa / m', helm)).toEqual([
      '! medication_qa / m: 3 of 15 judge replies invalid (20%); HELM scores such instances 1.0',
    ]);
    const healthbench = runCaveatsOf({ jury_replies: { total: 5, invalid: 1, invalid_reply_note: NOTE } });
    expect(caveatNotes('cell', mergeCaveats([helm, healthbench]))).toEqual([
      '! cell: 4 of 20 judge replies invalid (20%); HELM scores such instances 1.0',
    ]);
    expect(caveatNotes('cell', mergeCaveats([healthbench, healthbench]))).toEqual([
      `! cell: 2 of 10 judge replies invalid (20%); ${NOTE}`,
    ]);
  });
});
