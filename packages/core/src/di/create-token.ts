/**
 * A typed DI token: a global-registry symbol branded with the type it resolves to, so
 * `container.resolve(Tokens.BenchmarkRegistry)` is typed without casts. `Symbol.for` keeps tokens
 * equal even if a plugin ends up with a second physical copy of @medhelm/core.
 */
export type Token<T> = symbol & { readonly __resolvesTo?: T };

export function createToken<T>(key: string): Token<T> {
  return Symbol.for(`medhelm.${key}`) as Token<T>;
}
