import { describe, expect, it } from 'vitest';
import {
  compareGitTreeNames,
  GITHUB_CONTENTS_MAX_ENTRIES,
  githubContentsListsName,
  helmCanDownload,
} from './github-listing.ts';

describe('compareGitTreeNames', () => {
  it('orders names by their UTF-8 bytes, as git trees and the GitHub contents API do', () => {
    const names = [
      'b.txt',
      'É.txt',
      'B.txt',
      'A-1.txt',
      'A - 2.txt',
      '2-D Echo.txt',
      'A #3.txt',
      '\u{1f600}.txt',
      'ｚ.txt',
    ];
    // Space (0x20) < # (0x23) < - (0x2d) < digits < upper case < lower case < É (0xc3 0x89)
    // < ｚ (0xef ...) < an astral character (0xf0 ...), though ｚ's UTF-16 unit sorts after 0xd83d.
    expect(names.sort(compareGitTreeNames)).toEqual([
      '2-D Echo.txt',
      'A #3.txt',
      'A - 2.txt',
      'A-1.txt',
      'B.txt',
      'b.txt',
      'É.txt',
      'ｚ.txt',
      '\u{1f600}.txt',
    ]);
    expect(compareGitTreeNames('a', 'a')).toBe(0);
  });
});

describe('githubContentsListsName', () => {
  const last = 'Ophthalmology - Letter - 3.txt';

  it(`lists names sorting at or before the ${GITHUB_CONTENTS_MAX_ENTRIES}th and last listed entry`, () => {
    expect(githubContentsListsName(last, last)).toBe(true);
    // " " (0x20) sorts before "." (0x2e): this name comes before the last listed one.
    expect(githubContentsListsName('Ophthalmology - Letter - 3 - copy.txt', last)).toBe(true);
    expect(githubContentsListsName('1-year-old Exam - H&P.txt', last)).toBe(true);
    expect(githubContentsListsName('Ophthalmology - Letter - 4.txt', last)).toBe(false);
    expect(githubContentsListsName('Ophthalmology Progress Note - 2.txt', last)).toBe(false);
    expect(githubContentsListsName('well-child.txt', last)).toBe(false);
  });
});

describe('helmCanDownload', () => {
  it("is false where requests cuts HELM's unencoded URL at a fragment or query", () => {
    expect(helmCanDownload('Vascular Surgery SOAP Note Sample Report #2.txt')).toBe(false);
    expect(helmCanDownload('Why?.txt')).toBe(false);
    expect(helmCanDownload('Adrenalectomy & Umbilical Hernia Repair.txt')).toBe(true);
    expect(helmCanDownload('1-year-old Exam - H&P.txt')).toBe(true);
  });
});
