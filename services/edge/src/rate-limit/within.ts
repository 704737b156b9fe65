/** `work`'s result, or `TIMED_OUT` once `ms` pass first (the work goes on, and its late failure is dropped). */
export const TIMED_OUT = Symbol('timed out');

export async function within<T>(work: Promise<T>, ms: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<typeof TIMED_OUT>((resolve) => (timer = setTimeout(() => resolve(TIMED_OUT), ms)));
  try {
    const result = await Promise.race([work, timedOut]);
    if (result === TIMED_OUT) work.catch(() => undefined);
    return result;
  } finally {
    clearTimeout(timer);
  }
}
