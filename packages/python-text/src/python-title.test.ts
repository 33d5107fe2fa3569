import { describe, expect, it } from 'vitest';
import { pythonTitle } from './python-title.ts';

describe('pythonTitle', () => {
  it.each([
    ['MATERIALS AND METHODS', 'Materials And Methods'],
    ['BACKGROUND', 'Background'],
    [', SCCVII', ', Sccvii'],
    ['METHODS/RESULTS', 'Methods/Results'],
    ["PATIENTS' CHARACTERISTICS", "Patients' Characteristics"],
    ["they're bill's", "They'Re Bill'S"],
    ['1st 2ND 3rd', '1St 2Nd 3Rd'],
    ['e-mail x_y', 'E-Mail X_Y'],
    ['', ''],
  ])('title-cases %j like Python', (input, expected) => {
    expect(pythonTitle(input)).toBe(expected);
  });

  it('maps characters whose titlecase is not their uppercase', () => {
    expect(pythonTitle('ǆemal')).toBe('ǅemal');
    expect(pythonTitle('ßa ﬁsh')).toBe('Ssa Fish');
    expect(pythonTitle('ᾳ')).toBe('ᾼ');
    expect(pythonTitle('ანა')).toBe('ანა');
  });

  it('lower-cases a capital sigma to the final form at the end of a word only', () => {
    expect(pythonTitle('ΟΔΟΣ ΟΔΟΣ.')).toBe('Οδος Οδος.');
    expect(pythonTitle('ΣΑΣΑ')).toBe('Σασα');
    expect(pythonTitle('Σ')).toBe('Σ');
  });
});
