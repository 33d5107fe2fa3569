import { describe, expect, it } from 'vitest';
import { answerKeyWithoutPunctuation, quasiAnswerKey } from './answer-key-readings.ts';

const keys = ['A', 'B', 'C'];

describe('quasiAnswerKey (the PubMedQA quasi-exact-match variant, HELM PRs #4214/#4277)', () => {
  it('reads a key written with punctuation, whitespace or in lower case', () => {
    expect(quasiAnswerKey('A.', keys)).toBe('A');
    expect(quasiAnswerKey('a', keys)).toBe('A');
    expect(quasiAnswerKey('(B)', keys)).toBe('B');
    expect(quasiAnswerKey('C )', keys)).toBe('C');
    expect(quasiAnswerKey('"c".', keys)).toBe('C');
  });

  it('keeps the article "a": the letter A is not erased, and an answer without a letter is none', () => {
    // normalize_text's default would turn both "A" and "." into "", which would then match.
    expect(quasiAnswerKey('.', keys)).toBeUndefined();
    expect(quasiAnswerKey('', keys)).toBeUndefined();
  });

  it('reads nothing when the answer holds more than the key', () => {
    for (const answer of ['A. yes', 'Answer: A', 'AB', 'yes', 'A or B']) {
      expect(quasiAnswerKey(answer, keys)).toBeUndefined();
    }
  });
});

describe('answerKeyWithoutPunctuation (the strip-answer-punctuation variant, HELM PR #4290)', () => {
  it("reads the answer's alphanumeric characters alone", () => {
    expect(answerKeyWithoutPunctuation('A.', keys)).toBe('A');
    expect(answerKeyWithoutPunctuation('(B)', keys)).toBe('B');
    expect(answerKeyWithoutPunctuation('C\n)', keys)).toBe('C');
  });

  it('keeps case, as the PR does', () => {
    expect(answerKeyWithoutPunctuation('a.', keys)).toBeUndefined();
    expect(answerKeyWithoutPunctuation('maybe', keys)).toBeUndefined();
  });

  it('falls back to the first alphanumeric character that is a key, wherever it stands', () => {
    expect(answerKeyWithoutPunctuation('A. yes', keys)).toBe('A');
    // The PR's fallback misreads answers that start with a capital key letter.
    expect(answerKeyWithoutPunctuation('Answer: C', keys)).toBe('A');
    expect(answerKeyWithoutPunctuation('Based on the abstract, C', keys)).toBe('B');
  });

  it('counts letters and digits of any script as alphanumeric (Python str.isalnum)', () => {
    const numbered = ['1', '2', '٣'];
    expect(answerKeyWithoutPunctuation('(٣)', numbered)).toBe('٣');
    expect(answerKeyWithoutPunctuation('é2', numbered)).toBe('2');
  });
});
