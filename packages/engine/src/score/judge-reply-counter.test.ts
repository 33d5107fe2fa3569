import { defineAnnotator } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import type { CompletedCheckpoint } from '../checkpoint-record.ts';
import { JudgeReplyCounter } from './judge-reply-counter.ts';

// An annotator whose annotation is the list of its judges' reply checks.
const jury = defineAnnotator({
  id: 'jury',
  needsJudges: true,
  annotate: async () => [],
  judgeReplies: (annotation) => annotation as Array<{ judge: string; valid: boolean; reason?: string }>,
});

function checkpoint(annotations?: Record<string, unknown>): CompletedCheckpoint {
  return {
    status: 'ok',
    requestKey: 'k',
    result: {
      completions: [{ text: 'x', finishReason: 'stop' }],
      usage: { promptTokens: 1, completionTokens: 1 },
      requestTimeSeconds: 0,
      requestDatetime: 0,
    },
    ...(annotations === undefined ? {} : { annotations }),
  };
}

describe('JudgeReplyCounter', () => {
  it('counts replies and invalid ones per judge, keeps the first reason, and instances no judge was asked about', () => {
    const counter = new JudgeReplyCounter([jury]);
    counter.add(
      checkpoint({
        jury: [
          { judge: 'gpt', valid: true },
          { judge: 'claude', valid: false, reason: 'no JSON' },
        ],
      }),
    );
    counter.add(
      checkpoint({
        jury: [
          { judge: 'gpt', valid: false, reason: 'missing criterion' },
          { judge: 'claude', valid: false },
        ],
      }),
    );
    counter.add(checkpoint({ jury: [] }));
    expect(counter.finish(0.1)).toEqual({
      total: 4,
      invalid: 3,
      limit: 0.1,
      unjudgedInstances: 1,
      instancesWithoutValidReply: 1,
      judges: {
        gpt: { total: 2, invalid: 1, firstInvalidReason: 'missing criterion' },
        claude: { total: 2, invalid: 2, firstInvalidReason: 'no JSON' },
      },
    });
  });

  it('has no tally when no instance has a jury annotation (a skipped jury) or no annotator reports replies', () => {
    const counter = new JudgeReplyCounter([jury]);
    counter.add(checkpoint());
    expect(counter.finish(0.1)).toBeUndefined();
    const silent = new JudgeReplyCounter([{ ...jury, judgeReplies: undefined }]);
    silent.add(checkpoint({ jury: [{ judge: 'gpt', valid: false }] }));
    expect(silent.finish(0.1)).toBeUndefined();
  });
});
