/**
 * Subscription events and delivery records are drawn person by person, but must be inserted in
 * time order (their ids grow with their time, as in the real service, and cursor paging relies
 * on it). They wait here in columns of typed arrays, a few bytes per row, instead of millions
 * of row objects.
 *
 * `at` is stored relative to the start of the demo period (90 days fit in 23 bits), which lets
 * `timeOrder` pack (at, row) into one exactly representable double and sort natively.
 */

function grownU32(array: Uint32Array): Uint32Array {
  const grown = new Uint32Array(array.length * 2);
  grown.set(array);
  return grown;
}

function grownU8(array: Uint8Array): Uint8Array {
  const grown = new Uint8Array(array.length * 2);
  grown.set(array);
  return grown;
}

/** Event flags: bit 0 unsubscribe, bits 1–3 source index, bit 4 channel index. */
export const EventFlag = {
  unsubscribe: 1,
  sourceShift: 1,
  sourceMask: 7,
  channelShift: 4,
} as const;

export class EventLog {
  length = 0;
  at: Uint32Array;
  person: Uint32Array;
  subscription: Uint32Array;
  /** utm tag id, 0 for none. */
  utm: Uint32Array;
  flags: Uint8Array;

  constructor(capacity: number) {
    const size = Math.max(1024, capacity);
    this.at = new Uint32Array(size);
    this.person = new Uint32Array(size);
    this.subscription = new Uint32Array(size);
    this.utm = new Uint32Array(size);
    this.flags = new Uint8Array(size);
  }

  push(at: number, person: number, subscription: number, utm: number, flags: number): void {
    if (this.length === this.at.length) this.grow();
    const i = this.length++;
    this.at[i] = at;
    this.person[i] = person;
    this.subscription[i] = subscription;
    this.utm[i] = utm;
    this.flags[i] = flags;
  }

  private grow(): void {
    this.at = grownU32(this.at);
    this.person = grownU32(this.person);
    this.subscription = grownU32(this.subscription);
    this.utm = grownU32(this.utm);
    this.flags = grownU8(this.flags);
  }
}

/**
 * Record flags: bit 0 bot step (else mass delivery), bit 1 test run, bits 2–3 error (0, 1, 2),
 * bits 4–5 number of message parts (1–3), bit 6 channel index, bit 7 the recipient left a
 * subscription within 24 hours after it.
 */
export const RecordFlag = {
  bot: 1,
  test: 2,
  errorShift: 2,
  errorMask: 3,
  partsShift: 4,
  partsMask: 3,
  channelShift: 6,
  unsubscribed: 128,
} as const;

export class RecordLog {
  length = 0;
  at: Uint32Array;
  person: Uint32Array;
  /** delivery id or bot id, by the bot flag. */
  ref: Uint32Array;
  /** Position of the bot step. */
  step: Uint8Array;
  flags: Uint8Array;

  constructor(capacity: number) {
    const size = Math.max(1024, capacity);
    this.at = new Uint32Array(size);
    this.person = new Uint32Array(size);
    this.ref = new Uint32Array(size);
    this.step = new Uint8Array(size);
    this.flags = new Uint8Array(size);
  }

  /** Appends a record; returns its row. */
  push(at: number, person: number, ref: number, step: number, flags: number): number {
    if (this.length === this.at.length) this.grow();
    const i = this.length++;
    this.at[i] = at;
    this.person[i] = person;
    this.ref[i] = ref;
    this.step[i] = step;
    this.flags[i] = flags;
    return i;
  }

  private grow(): void {
    this.at = grownU32(this.at);
    this.person = grownU32(this.person);
    this.ref = grownU32(this.ref);
    this.step = grownU8(this.step);
    this.flags = grownU8(this.flags);
  }
}

const ROW_BITS = 2 ** 30;

/**
 * Rows ordered by `at`, ties by the order they were logged: keys (at · 2^30 + row) stay below
 * 2^53 while at < 2^23 and row < 2^30. Decode a key with `rowOf`.
 */
export function timeOrder(at: Uint32Array, length: number): Float64Array {
  if (length >= ROW_BITS) throw new RangeError("timeOrder: too many rows to sort");
  const keys = new Float64Array(length);
  for (let i = 0; i < length; i++) keys[i] = (at[i] ?? 0) * ROW_BITS + i;
  return keys.sort();
}

export function rowOf(key: number): number {
  return key % ROW_BITS;
}
