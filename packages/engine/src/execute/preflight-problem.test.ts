import { describe, expect, it } from 'vitest';
import { preflightError } from './preflight-problem.ts';

describe('preflightError', () => {
  it('reads as one message with its fix as the hint for a single problem', () => {
    const error = preflightError([{ message: 'model x: no key.', hint: 'Set X_KEY.' }]);
    expect(error.message).toBe('model x: no key. Nothing was sent.');
    expect(error.hint).toBe('Set X_KEY.');
  });

  it('numbers several problems and gives each distinct fix once, with the problems it fixes', () => {
    const error = preflightError([
      { message: 'judge gpt (a): no base URL.', hint: 'Give a base URL.' },
      { message: 'judge claude (b): no base URL.', hint: 'Give a base URL.' },
      { message: 'model c: no key.', hint: 'Set C_KEY.' },
      { message: 'private data to d.' },
    ]);
    expect(error.message).toBe(
      [
        '4 problems stop these runs; nothing was sent:',
        '  1. judge gpt (a): no base URL.',
        '  2. judge claude (b): no base URL.',
        '  3. model c: no key.',
        '  4. private data to d.',
        'Fix for 1, 2: Give a base URL.',
        'Fix for 3: Set C_KEY.',
      ].join('\n'),
    );
    expect(error.hint).toBeUndefined();
  });
});
