/** An object whose every value is built by its builder the first time it is read. */
export type LazyRecord<Builders extends Record<string, () => unknown>> = {
  readonly [Key in keyof Builders]: ReturnType<Builders[Key]>;
};

/**
 * The record of what `builders` build, each built on its first read and kept: the keys are
 * there from the start (enumerable, own), so `Object.keys`, `in` and `Object.hasOwn` see them
 * all before any is built.
 */
export function lazyRecord<Builders extends Record<string, () => unknown>>(
  builders: Builders,
): LazyRecord<Builders> {
  const record = {};
  for (const [key, build] of Object.entries(builders)) {
    Object.defineProperty(record, key, {
      enumerable: true,
      configurable: true,
      get() {
        const value = build();
        Object.defineProperty(record, key, { value, enumerable: true, writable: false });
        return value;
      },
    });
  }
  return record as LazyRecord<Builders>;
}
