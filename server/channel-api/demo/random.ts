/**
 * Seeded pseudo-random numbers for the demo data: the same seed gives the same database on
 * every machine and Node version, which `Math.random` cannot promise. Not for secrets.
 */

/** A uniform number in [0, 1). */
export type Random = () => number;

/** splitmix32: spreads a small seed (1, 2, 3…) over the whole state of the generator. */
function splitmix32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x9e3779b9) | 0;
    let z = state;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator): 128 bits of state, a period of
 * at least 2^32 even in the worst case, and fast in plain 32-bit integer arithmetic. A million
 * subscribers take some tens of millions of draws, so a 2^32-period generator would be close
 * to repeating itself; this one is not.
 */
export function createRandom(seed: number): Random {
  const mix = splitmix32(seed);
  let a = mix();
  let b = mix();
  let c = mix();
  let d = mix();
  const next: Random = () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  for (let i = 0; i < 12; i++) next();
  return next;
}

/**
 * A second generator for one part of the data, drawn from the same seed: what it decides does
 * not move when the main generator's draws before it change in number (the people's names and
 * ids stay theirs whatever day the demo is made on; the timeline's draws depend on the clock).
 */
export function createStream(seed: number, stream: number): Random {
  return createRandom(Math.imul(seed ^ 0x5bd1e995, 0x27d4eb2d) + Math.imul(stream + 1, 0x165667b1));
}

/** A whole number in [lo, hi]. */
export function between(rand: Random, lo: number, hi: number): number {
  return lo + Math.floor(rand() * (hi - lo + 1));
}

export function chance(rand: Random, probability: number): boolean {
  return rand() < probability;
}

export function pick<T>(rand: Random, items: readonly T[]): T {
  const item = items[Math.floor(rand() * items.length)];
  if (item === undefined) throw new Error("pick: no items to choose from");
  return item;
}

/** An index drawn in proportion to `weights`; -1 when every weight is zero. */
export function pickWeighted(rand: Random, weights: readonly number[]): number {
  let total = 0;
  for (const weight of weights) total += weight;
  if (total <= 0) return -1;
  let left = rand() * total;
  for (let i = 0; i < weights.length; i++) {
    left -= weights[i] ?? 0;
    if (left < 0) return i;
  }
  // Rounding can leave a sliver above the last boundary: that belongs to the last non-zero weight.
  for (let i = weights.length - 1; i >= 0; i--) if ((weights[i] ?? 0) > 0) return i;
  return -1;
}

/** A shuffled copy (Fisher–Yates). */
export function shuffled<T>(rand: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    const held = copy[i] as T;
    copy[i] = copy[j] as T;
    copy[j] = held;
  }
  return copy;
}
