import { useEffect, useState } from "react";

/**
 * `value`, once it has stayed the same for `delay` ms; with `immediate`, `value` at once (a
 * cleared field need not wait).
 */
export function useDebounced<Value>(value: Value, delay: number, immediate = false): Value {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(
      () => {
        setSettled(value);
      },
      immediate ? 0 : delay,
    );
    return () => {
      clearTimeout(timer);
    };
  }, [value, delay, immediate]);
  return immediate ? value : settled;
}
