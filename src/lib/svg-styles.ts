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
const PAGE_ONLY = new Set(["class", "tabindex", "style", "role", "aria-hidden", "focusable"]);

/**
 * A deep copy of `source` with the computed value of each property of `INLINED_PROPERTIES`
 * written as a presentation attribute (`fill="rgb(0, 114, 178)"`) of every element. Never as
 * a `style` attribute: the page's Content-Security-Policy (`style-src 'self'`) refuses those,
 * even on an element that is never shown. Page-only attributes are dropped, and so are
 * elements not displayed (`display: none`).
 */
export function inlineStyles(source: Element, read: ReadStyle): Element {
  const copy = source.ownerDocument.createElementNS(source.namespaceURI, source.localName);
  for (const attribute of Array.from(source.attributes)) {
    // `fill="var(--x)"` means nothing in a file; the computed value below takes its place.
    if (PAGE_ONLY.has(attribute.name) || attribute.value.includes("var(")) continue;
    copy.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
  }
  const style = read(source);
  for (const property of INLINED_PROPERTIES) {
    const value = style.getPropertyValue(property).trim();
    if (value !== "" && !value.includes("var(")) copy.setAttribute(property, value);
  }
  for (const child of Array.from(source.childNodes)) {
    if (child.nodeType === 1) {
      const element = child as Element;
      if (read(element).getPropertyValue("display").trim() === "none") continue;
      copy.appendChild(inlineStyles(element, read));
    } else if (child.nodeType === 3) {
      copy.appendChild(source.ownerDocument.createTextNode(child.textContent ?? ""));
    }
  }
  return copy;
}
