/**
 * At most `limit` tasks at a time, the rest waiting in order. The gateway queues a token's
 * calls to 20 a second anyway; a few at a time keeps the other pages' calls from waiting
 * behind a chart's thirty.
 */
export type Limiter = <T>(task: () => Promise<T>) => Promise<T>;

export function createLimiter(limit: number): Limiter {
  if (!Number.isInteger(limit) || limit < 1) throw new RangeError("limit must be 1 or more");
  let running = 0;
  const waiting: (() => void)[] = [];

  // A finished task hands its slot straight to the next waiting one, so a newcomer arriving
  // in between cannot take it too.
  const release = () => {
    const next = waiting.shift();
    if (next) next();
    else running -= 1;
  };

  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= limit) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await task();
    } finally {
      release();
    }
  };
}
