import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { COST_LEDGER_FILE, readRunSpend } from './read-run-spend.ts';

const entry = (run: string, candidate: number | null, judge: number | null, judgeTokens = [0, 0]) =>
  JSON.stringify({
    recorded_at: '2026-01-01T00:00:00.000Z',
    run_name: run,
    candidate_usd: candidate,
    judge_usd: judge,
    judge_usage: { promptTokens: judgeTokens[0], completionTokens: judgeTokens[1] },
  });

function suiteWithLedger(text: string): string {
  const suite = mkdtempSync(join(tmpdir(), 'medhelm-ledger-'));
  writeFileSync(join(suite, COST_LEDGER_FILE), text);
  return suite;
}

describe('readRunSpend', () => {
  it('sums a run’s invocations; an unknown price stays unknown; a half-written last line is ignored', () => {
    const suite = suiteWithLedger(
      [
        entry('a', 0.5, 0.25, [100, 10]),
        // The run resumed: a second invocation's spend adds to the first.
        entry('a', 0.25, 0.5, [20, 2]),
        entry('b', null, 0),
        // A process killed mid-write leaves a line without its newline.
        '{"run_name": "c", "candi',
      ].join('\n'),
    );
    const spend = readRunSpend(suite);
    expect(spend.get('a')).toEqual({
      candidateUsd: 0.75,
      judgeUsd: 0.75,
      judgePromptTokens: 120,
      judgeCompletionTokens: 12,
    });
    expect(spend.get('b')?.candidateUsd).toBeUndefined();
    expect(spend.get('b')?.judgeUsd).toBe(0);
    expect(spend.has('c')).toBe(false);
  });

  it('is empty for a suite without a ledger (HELM-written runs)', () => {
    expect(readRunSpend(mkdtempSync(join(tmpdir(), 'medhelm-no-ledger-'))).size).toBe(0);
  });

  it('names the file and line of a damaged entry', () => {
    const suite = suiteWithLedger(`${entry('a', 1, 0)}\nnot json\n`);
    let caught: unknown;
    try {
      readRunSpend(suite);
    } catch (error) {
      caught = error;
    }
    expect(ConfigError.isInstance(caught)).toBe(true);
    expect((caught as Error).message).toContain(`${join(suite, COST_LEDGER_FILE)}, line 2`);
  });
});
