/**
 * Answers of statistics over a period that ended a while ago do not change, and every member of
 * staff looking at last month asks for the same ones: one shared cache saves the channel's rate
 * limit for the calls that need it. Bounded by size, least recently used out first.
 */
import { LRUCache } from "lru-cache";
import { parseApiDateTime } from "../../src/contract/datetime";
import type { OperationId } from "../../src/contract/operations";

export const CACHEABLE_OPERATIONS: ReadonlySet<OperationId> = new Set<OperationId>([
  "subscribers/statCount",
  "subscribers/statSubscribe",
  "utms/statCount",
  "utms/statSubscribe",
  "deliveries/statCount",
  "deliveries/stat",
]);

export interface StatCacheOptions {
  /** Upper bound of the JSON text of keys and answers held, in characters. Default 32 MB. */
  maxBytes?: number;
  /**
   * How long after `date_to` a period counts as closed. Events can reach the service late, so
   * the last moments of a period settle only after a while. Default one hour.
   */
  closedAfterMs?: number;
  now?: () => number;
}

export interface StatCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/** Fields that never take part in a key: the token must not end up in keys (or logs). */
const NOT_IN_KEY = new Set(["access_token"]);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** JSON with object keys sorted at every depth, so equal params give equal text. */
export function canonicalJson(value: unknown): string {
  const text = JSON.stringify(value, (_key, item: unknown) => {
    if (!isPlainObject(item)) return item;
    const sorted: Record<string, unknown> = {};
    for (const key of Object.keys(item).sort()) sorted[key] = item[key];
    return sorted;
  }) as string | undefined;
  return text ?? "null";
}

export class StatCache {
  private readonly cache: LRUCache<string, string>;
  private readonly closedAfterMs: number;
  private readonly now: () => number;
  private hits = 0;
  private misses = 0;

  constructor(options: StatCacheOptions = {}) {
    const maxBytes = options.maxBytes ?? 32 * 1024 * 1024;
    if (!Number.isInteger(maxBytes) || maxBytes < 1) {
      throw new RangeError(
        `StatCache maxBytes must be a positive integer, got ${String(maxBytes)}`,
      );
    }
    this.closedAfterMs = options.closedAfterMs ?? 3_600_000;
    this.now = options.now ?? Date.now;
    // Answers are kept as JSON text: a caller cannot change a cached answer by changing what
    // `get` gave it, and the text's length is its size.
    this.cache = new LRUCache<string, string>({
      maxSize: maxBytes,
      sizeCalculation: (text, key) => Math.max(1, text.length + key.length),
    });
  }

  /**
   * A key when the answer may be cached: the operation is cacheable and `params.date_to`, read
   * in `timeZone`, ended more than `closedAfterMs` ago. Undefined otherwise, also when
   * `date_to` is missing or unparsable. Throws on an invalid `timeZone` (a configuration error).
   */
  keyFor(
    groupId: number,
    operation: OperationId,
    params: Record<string, unknown>,
    timeZone: string,
  ): string | undefined {
    if (!CACHEABLE_OPERATIONS.has(operation)) return undefined;
    const dateTo = params.date_to;
    if (typeof dateTo !== "string") return undefined;
    const end = parseApiDateTime(dateTo, timeZone);
    if (end === null || this.now() - end <= this.closedAfterMs) return undefined;
    const keyed = Object.fromEntries(
      Object.entries(params).filter(([name]) => !NOT_IN_KEY.has(name)),
    );
    return `${String(groupId)} ${operation} ${canonicalJson(keyed)}`;
  }

  /** The cached answer (a fresh copy), or undefined. */
  get(key: string): unknown {
    const text = this.cache.get(key);
    if (text === undefined) {
      this.misses += 1;
      return undefined;
    }
    this.hits += 1;
    return JSON.parse(text) as unknown;
  }

  /** Only for success answers. An answer larger than the whole cache is not kept. */
  set(key: string, answer: unknown): void {
    const text = JSON.stringify(answer) as string | undefined;
    if (text === undefined) return;
    this.cache.set(key, text);
  }

  get stats(): StatCacheStats {
    return {
      hits: this.hits,
      misses: this.misses,
      entries: this.cache.size,
      bytes: this.cache.calculatedSize,
    };
  }
}
