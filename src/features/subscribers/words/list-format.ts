import { intlTag } from "@/lib/format";

/**
 * Items joined as the language joins a list: "a, b and c" / "a, b и c" (`conjunction`),
 * "a, b or c" / "a, b или c" (`disjunction`). Each item is a whole phrase translated on its own.
 */
export function formatList(
  items: readonly string[],
  locale: string,
  type: "conjunction" | "disjunction",
): string {
  return new Intl.ListFormat(intlTag(locale), { style: "long", type }).format(items);
}
