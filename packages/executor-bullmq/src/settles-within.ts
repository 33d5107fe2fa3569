// A wait with a deadline: how a stopping worker bounds each step that needs Redis.
/** Whether `promise` settled within `ms` (a rejection counts as settled). */
export async function settlesWithin(promise: Promise<unknown>, ms: number): Promise<boolean> {
  promise.catch(() => {});
  if (ms === 0) return false;
  if (ms === Number.POSITIVE_INFINITY) {
    await promise.catch(() => {});
    return true;
  }
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([
      promise.then(
        () => true,
        () => true,
      ),
      timeout,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
