import { useEffect, useState } from 'react';

/** What a load gave: the value, or the error, or neither yet. */
export interface Loaded<T> {
  value: T | undefined;
  error: Error | undefined;
}

/** Runs `load` when `key` changes and returns its result. */
export function useLoaded<T>(key: string, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T> & { key: string | undefined }>({
    key: undefined,
    value: undefined,
    error: undefined,
  });
  useEffect(() => {
    let current = true;
    load().then(
      (value) => {
        if (current) setState({ key, value, error: undefined });
      },
      (error: unknown) => {
        if (current) {
          setState({
            key,
            value: undefined,
            error: error instanceof Error ? error : new Error(String(error)),
          });
        }
      },
    );
    return () => {
      current = false;
    };
  }, [key]);
  return state.key === key ? state : { value: undefined, error: undefined };
}
