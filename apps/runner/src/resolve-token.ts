import type { Token } from '@medhelm/core';
import type { DependencyContainer } from 'tsyringe';

/** Resolves a typed core token; tsyringe cannot infer the type a bare symbol stands for. */
export function resolveToken<T>(container: DependencyContainer, token: Token<T>): T {
  return container.resolve<T>(token);
}
