import { LOCAL_PHOTO_STYLES } from "../../../src/lib/local-photo";

/**
 * Backgrounds white initials read on at 4.5:1 or more (WCAG AA), from the Okabe–Ito hues
 * darkened, and a few neutral ones.
 */
const BACKGROUNDS = [
  "#005A8C",
  "#8A4B00",
  "#006B4F",
  "#A03A00",
  "#7A3D66",
  "#3D5A80",
  "#5B5B5B",
  "#6B4E9B",
  "#2F6B2F",
  "#8C2F39",
] as const;

/** Light shapes over the background, so two people with the same initials still differ. */
const PATTERNS = [
  `<circle cx="170" cy="30" r="70"/>`,
  `<circle cx="30" cy="170" r="80"/>`,
  `<rect x="-40" y="120" width="280" height="60" transform="rotate(-20 100 150)"/>`,
  `<circle cx="100" cy="-20" r="90"/>`,
  `<path d="M0 200 L200 40 L200 200 Z"/>`,
  `<circle cx="40" cy="40" r="50"/><circle cx="175" cy="175" r="40"/>`,
  `<rect x="120" y="-30" width="60" height="260" transform="rotate(25 150 100)"/>`,
] as const;

const XML_ESCAPES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&apos;",
};

const escapeXml = (text: string) => text.replace(/[&<>"']/g, (char) => XML_ESCAPES[char] ?? "");

/**
 * A square picture (SVG) with the initials on a background chosen by `style` (0 to 69): the
 * demo's stand-in for a profile photo. The same initials and style always give the same bytes.
 */
export function avatarSvg(initials: string, style: number): string {
  const look = ((style % LOCAL_PHOTO_STYLES) + LOCAL_PHOTO_STYLES) % LOCAL_PHOTO_STYLES;
  const background = BACKGROUNDS[look % BACKGROUNDS.length] ?? BACKGROUNDS[0];
  const pattern = PATTERNS[Math.floor(look / BACKGROUNDS.length) % PATTERNS.length] ?? "";
  const text = escapeXml(initials.slice(0, 4));
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200" viewBox="0 0 200 200">` +
    `<rect width="200" height="200" fill="${background}"/>` +
    `<g fill="#ffffff" fill-opacity="0.14">${pattern}</g>` +
    `<text x="100" y="100" dy="0.35em" text-anchor="middle" fill="#ffffff" ` +
    `font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" ` +
    `font-size="${text.length > 2 ? "64" : "84"}" font-weight="600">${text}</text></svg>`
  );
}
