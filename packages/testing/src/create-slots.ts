/** A counting semaphore: at most `size` holders at once, the rest served in arrival order. */
export interface Slots {
  acquire(): Promise<void>;
  release(): void;
}

/** Slots for `size` holders at once (Infinity: no bound). */
export function createSlots(size: number): Slots {
  let held = 0;
  const waiting: (() => void)[] = [];
  return {
    acquire: async () => {
      if (held < size) {
        held++;
        return;
      }
      // The releasing holder hands its slot straight over, so `held` stays the same.
      await new Promise<void>((resolve) => waiting.push(resolve));
    },
    release: () => {
      const next = waiting.shift();
      if (next === undefined) held--;
      else next();
    },
  };
}
