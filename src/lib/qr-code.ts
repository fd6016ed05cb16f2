import { encode } from "uqr";

/**
 * A QR code as one SVG path: a square of `size` modules (quiet zone included) and the dark
 * modules as unit squares. Drawn by React as an <svg>, so no markup string is ever injected
 * and the CSP needs nothing new. Error correction M survives a smudged print or a logo.
 */
export interface QrPath {
  size: number;
  /** `M x y h1 v1 h-1 z` per dark module, in module units. */
  d: string;
}

/** Modules of white around the code, as the standard asks (4). */
const QUIET_ZONE = 4;

export function qrPath(text: string): QrPath {
  const qr = encode(text, { ecc: "M", border: QUIET_ZONE });
  const parts: string[] = [];
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${String(x)} ${String(y)}h1v1h-1z`);
    });
  });
  return { size: qr.size, d: parts.join("") };
}
