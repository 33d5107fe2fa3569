import { ConfigError } from '../errors/config-error.ts';
import { NoSuchEntityError } from '../errors/no-such-entity-error.ts';

/**
 * Plugin objects keyed by id. Lookups of unknown ids fail listing the known ones; registering an
 * id twice fails, naming both sources, instead of silently shadowing.
 */
export class Registry<T extends { readonly id: string }> {
  private readonly entries = new Map<string, { item: T; source: string }>();

  /** @param kind what the entries are, for messages ("benchmark", "provider"). */
  constructor(readonly kind: string) {}

  register(item: T, source = 'unknown source'): void {
    const existing = this.entries.get(item.id);
    if (existing !== undefined) {
      throw new ConfigError(
        `The ${this.kind} id "${item.id}" is registered twice: by ${existing.source} and by ${source}.`,
        { hint: 'Remove one of the two plugins from the run configuration.' },
      );
    }
    this.entries.set(item.id, { item, source });
  }

  get(id: string): T {
    const entry = this.entries.get(id);
    if (entry === undefined) throw new NoSuchEntityError(this.kind, id, this.ids());
    return entry.item;
  }

  has(id: string): boolean {
    return this.entries.has(id);
  }

  /** Where an entry came from (the plugin package that registered it). */
  sourceOf(id: string): string {
    return this.entries.get(id)?.source ?? 'unknown source';
  }

  ids(): string[] {
    return [...this.entries.keys()].sort();
  }

  list(): T[] {
    return this.ids().map((id) => this.get(id));
  }
}
