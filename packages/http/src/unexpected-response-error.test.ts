import { ModelCallError } from '@medhelm/core';
import { describe, expect, it } from 'vitest';
import { describeIssues, unexpectedResponseError } from './unexpected-response-error.ts';

const SECRET = 'sk-unexpected-0123456789-do-not-leak';

describe('describeIssues', () => {
  it('names where and what, the first three by default, (root) for the whole body', () => {
    const issues = [
      { path: ['choices'], message: 'Too small' },
      { path: [], message: 'Expected object' },
      { path: ['choices', 0, 'message'], message: 'Required' },
      { path: ['usage'], message: 'Ignored, past the limit' },
    ];
    expect(describeIssues(issues)).toBe(
      'choices: Too small; (root): Expected object; choices.0.message: Required',
    );
    expect(describeIssues(issues, 1)).toBe('choices: Too small');
  });
});

describe('unexpectedResponseError', () => {
  it('is a retryable ModelCallError with status, headers and a body excerpt, all without the secret', () => {
    const error = unexpectedResponseError(
      `acme: the response echoing ${SECRET} is not a completion`,
      {
        status: 200,
        headers: { 'x-echo': `Bearer ${SECRET}`, 'x-request-id': 'req-1' },
        body: { note: `${SECRET} ${'x'.repeat(5000)}` },
        elapsedSeconds: 0.1,
      },
      { url: 'http://127.0.0.1:9/v1/chat/completions', secrets: [SECRET] },
    );
    expect(error).toBeInstanceOf(ModelCallError);
    expect(error.isRetryable).toBe(true);
    expect(error.status).toBe(200);
    expect(error.url).toBe('http://127.0.0.1:9/v1/chat/completions');
    expect(error.message).toBe('acme: the response echoing [REDACTED] is not a completion');
    expect(error.headers).toEqual({ 'x-echo': 'Bearer [REDACTED]', 'x-request-id': 'req-1' });
    expect(error.body?.startsWith('{"note":"[REDACTED] xxx')).toBe(true);
    expect(error.body).toMatch(/\.\.\. \(\d+ more characters\)$/);
    expect(JSON.stringify({ ...error, message: error.message })).not.toContain(SECRET);
  });
});
