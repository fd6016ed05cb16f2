/**
 * A copy of an SVG drawn on the page that looks the same on its own, in a file: the styles the
 * page gives it (colours from CSS variables such as `var(--chart-axis)`, the font inherited
 * from <html>) are read as the browser computed them and written on each element of the copy.
 * A file has no stylesheet and no variables: `fill="var(--chart-subscribed)"` would be black.
 */

/** The properties that change how an SVG chart looks; the rest keep their initial values. */
export const INLINED_PROPERTIES = [
  "fill",
  "fill-opacity",
  "stroke",
  "stroke-width",
  "stroke-opacity",
  "stroke-dasharray",
  "opacity",
  "font-family",
  "font-size",
  "font-weight",
  "font-style",
  "text-anchor",
  "dominant-baseline",
  "visibility",
] as const;

/** What is read of an element's style: `getComputedStyle`, or a test's stand-in. */
export type ReadStyle = (element: Element) => Pick<CSSStyleDeclaration, "getPropertyValue">;

/** Attributes that mean something only on the page (focus, classes for its stylesheet). */
const PAGE_ONLY = ["class", "tabindex", "style", "role", "aria-hidden", "focusable"];

/**
 * A deep copy of `source` with the computed value of each property of `INLINED_PROPERTIES`
 * written in its `style`, for every element, and page-only attributes dropped. Elements not
 * displayed (`display: none`) are left out of the copy.
 */
export function inlineStyles(source: Element, read: ReadStyle): Element {
  const copy = source.cloneNode(false) as Element;
  const style = read(source);
  for (const name of PAGE_ONLY) copy.removeAttribute(name);
  // `fill="var(--x)"` means nothing in a file; the computed value below takes its place.
  for (const attribute of Array.from(copy.attributes)) {
    if (attribute.value.includes("var(")) copy.removeAttribute(attribute.name);
  }
  const declarations: string[] = [];
  for (const property of INLINED_PROPERTIES) {
    const value = style.getPropertyValue(property).trim();
    if (value !== "" && !value.includes("var(")) declarations.push(`${property}:${value}`);
  }
  if (declarations.length > 0) copy.setAttribute("style", declarations.join(";"));
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 1) {
      const element = child as Element;
      if (read(element).getPropertyValue("display").trim() === "none") continue;
      copy.appendChild(inlineStyles(element, read));
    } else if (child.nodeType === 3) {
      copy.appendChild(child.cloneNode(false));
    }
  }
  return copy;
}
