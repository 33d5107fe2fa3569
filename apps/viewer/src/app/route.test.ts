import { describe, expect, it } from 'vitest';
import { compareHref, hrefOf, parseHash, runHref } from './route.ts';

describe('hash routes', () => {
  it('reads the leaderboard from an empty hash', () => {
    expect(parseHash('').path).toEqual([]);
    expect(parseHash('#/').path).toEqual([]);
  });

  it('round-trips a run name with HELM punctuation and an instance deep link', () => {
    const name = 'pubmed_qa:model=openai_gpt-4o,model_deployment=openai_gpt-4o';
    const route = parseHash(runHref(name, 'id 7'));
    expect(route.path).toEqual(['run', name]);
    expect(route.query.get('instance')).toBe('id 7');
  });

  it('leaves out unset query parameters', () => {
    expect(hrefOf(['benchmark', 'pubmed_qa'], { instance: undefined })).toBe('#/benchmark/pubmed_qa');
    expect(parseHash(compareHref('a', 'b')).path).toEqual(['compare', 'a', 'b']);
  });
});
