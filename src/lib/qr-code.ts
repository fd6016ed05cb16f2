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

/** The path, or null for a text too long for any QR code at this correction (~2.3k bytes). */
export function qrPath(text: string): QrPath | null {
  let qr: ReturnType<typeof encode>;
  try {
    qr = encode(text, { ecc: "M", border: QUIET_ZONE });
  } catch (error) {
    // uqr's only refusal of a string: "Data too long" (version 40 cannot hold it).
    if (error instanceof RangeError && /too long/i.test(error.message)) return null;
    throw error;
  }
  const parts: string[] = [];
  qr.data.forEach((row, y) => {
    row.forEach((dark, x) => {
      // SVG path data, not words.
      // eslint-disable-next-line lingui/no-unlocalized-strings
      if (dark) parts.push(`M${String(x)} ${String(y)}h1v1h-1z`);
    });
  });
  return { size: qr.size, d: parts.join("") };
}
