import { describe, expect, it } from 'vitest';
import {
  firstAlphanumeric,
  isPythonAlphanumeric,
  isPythonDecimalDigit,
  isPythonWhitespace,
  isPythonWordCharacter,
  pythonDecimalDigitValue,
} from './python-character-classes.ts';
import { pythonLower } from './python-lower.ts';
import { pythonRstrip, pythonSplit, pythonStrip } from './python-strip.ts';
import { isUnassignedInUnicode14 } from './unicode-14.ts';

describe('Python str helpers', () => {
  it("strips and splits on Python's whitespace, not JavaScript's", () => {
    expect(pythonStrip('\u001c\u0085 x \u3000')).toBe('x');
    expect(pythonStrip('\ufeffx\ufeff')).toBe('\ufeffx\ufeff');
    expect(pythonSplit(' a\u2028b\u00a0\u00a0c ')).toEqual(['a', 'b', 'c']);
    expect(pythonSplit('   ')).toEqual([]);
    expect(isPythonWhitespace(0x200b)).toBe(false);
  });

  it('lowercases as Python 3.11 does, including characters newer than Unicode 14', () => {
    expect(pythonLower('\u0130')).toBe('i\u0307');
    expect(pythonLower('\u01c4 \u03a3\u0391\u03a3')).toBe('\u01c6 \u03c3\u03b1\u03c2');
    // U+A7CB (Unicode 16) has a lowercase in current ICU but not in Python 3.11.
    expect(isUnassignedInUnicode14(0xa7cb)).toBe(true);
    expect(pythonLower('\ua7cbA')).toBe('\ua7cba');
  });

  it('classifies word characters and decimal digits as Python re does', () => {
    expect(isPythonWordCharacter('_'.codePointAt(0) as number)).toBe(true);
    expect(isPythonWordCharacter(0x00b2)).toBe(true);
    expect(isPythonWordCharacter(0x0301)).toBe(false);
    expect(isPythonDecimalDigit(0x00b2)).toBe(false);
    expect(pythonDecimalDigitValue(0x0667)).toBe(7);
    // Mathematical digits are five sets of ten back to back: U+1D7FD is monospace 7.
    expect(pythonDecimalDigitValue(0x1d7fd)).toBe(7);
    expect(pythonDecimalDigitValue(0x0041)).toBe(-1);
  });
});

describe('pythonRstrip', () => {
  it("strips what Python's str.rstrip() strips", () => {
    expect(pythonRstrip('Answer: ')).toBe('Answer:');
    expect(pythonRstrip('Answer:\n\t \u00a0\u3000\x1f\x85')).toBe('Answer:');
    expect(pythonRstrip('Line one\nLine two:\n ')).toBe('Line one\nLine two:');
    expect(pythonRstrip('  lead')).toBe('  lead');
  });

  it('keeps U+FEFF, which JavaScript trimEnd() would remove', () => {
    expect(pythonRstrip('Answer:\ufeff')).toBe('Answer:\ufeff');
  });
});

describe('firstAlphanumeric / isPythonAlphanumeric', () => {
  it('finds the label character of a reference prefix', () => {
    expect(firstAlphanumeric('A. ')).toBe('A');
    expect(firstAlphanumeric('(1) ')).toBe('1');
    expect(firstAlphanumeric(' - ')).toBeUndefined();
    expect(firstAlphanumeric('[α] ')).toBe('α');
  });

  it("is Python 3.11's str.isalnum(): no underscore, nothing assigned after Unicode 14", () => {
    expect(isPythonAlphanumeric('_'.codePointAt(0) as number)).toBe(false);
    expect(isPythonAlphanumeric(0x00b2)).toBe(true);
    // U+A7CB (Unicode 16) is a letter to current ICU but unassigned to Python 3.11.
    expect(isPythonAlphanumeric(0xa7cb)).toBe(false);
    expect(firstAlphanumeric('\ua7cbB')).toBe('B');
  });
});
