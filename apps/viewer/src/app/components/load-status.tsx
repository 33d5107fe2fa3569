import type { Loaded } from '../loading/use-loaded.ts';

/** "Loading…" or the error of a load that has not given its value. */
export function LoadStatus({ loaded, what }: { loaded: Loaded<unknown>; what: string }) {
  if (loaded.error !== undefined) {
    return (
      <p className="error" role="alert">
        Cannot load {what}: {loaded.error.message}
      </p>
    );
  }
  return <p className="loading">Loading {what}…</p>;
}
