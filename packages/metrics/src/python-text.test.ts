import { describe, expect, it } from 'vitest';
import {
  isPythonDecimalDigit,
  isPythonWhitespace,
  isPythonWordCharacter,
  pythonDecimalDigitValue,
} from './python-character-classes.ts';
import { pythonLower } from './python-lower.ts';
import { pythonSplit, pythonStrip } from './python-strip.ts';
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
