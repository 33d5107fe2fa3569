import type { PluginCandidate } from './plugin-candidate.ts';

/** The ids a command needs, by plugin kind; a kind left out needs every plugin of that kind. */
export interface NeededPlugins {
  benchmark?: readonly string[];
  provider?: readonly string[];
  scorer?: readonly string[];
}

/**
 * The candidates to import for a command that names what it uses (`medhelm run`): every plugin
 * the user listed or had discovered, and of the first-party set only those whose manifest names a
 * needed id, so a run of one benchmark does not import all of them. When a needed id is in no
 * manifest, every candidate is kept: the error for the unknown id then lists all the known ones.
 */
export function selectNeededPlugins(
  candidates: readonly PluginCandidate[],
  needed: NeededPlugins,
): PluginCandidate[] {
  const covered = new Set<string>();
  for (const candidate of candidates) {
    for (const id of candidate.manifest?.ids ?? []) covered.add(`${candidate.manifest?.kind}:${id}`);
  }
  const wanted = Object.entries(needed).flatMap(([kind, ids]) =>
    (ids as readonly string[]).map((id) => `${kind}:${id}`),
  );
  if (wanted.some((key) => !covered.has(key))) return [...candidates];
  const wantedKeys = new Set(wanted);
  return candidates.filter((candidate) => {
    if (candidate.origin !== 'first-party' || candidate.manifest === undefined) return true;
    const { kind, ids } = candidate.manifest;
    if (!(kind in needed)) return true;
    return ids.some((id) => wantedKeys.has(`${kind}:${id}`));
  });
}
