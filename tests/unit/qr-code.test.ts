import { encode } from "uqr";
import { describe, expect, it } from "vitest";
import { qrPath } from "../../src/lib/qr-code";

describe("qrPath", () => {
  it("draws one unit square per dark module, with a quiet zone of four", () => {
    const text = "https://t.me/coffee_bot?start=s1_u11_f";
    const path = qrPath(text);
    if (!path) throw new Error("expected a QR code");
    const { size, d } = path;
    const reference = encode(text, { ecc: "M", border: 4 });
    expect(size).toBe(reference.size);
    const dark = reference.data.flat().filter(Boolean).length;
    expect(d.match(/M/g)).toHaveLength(dark);
    // Nothing inside the quiet zone.
    for (const [, x, y] of d.matchAll(/M(\d+) (\d+)/g)) {
      expect(Number(x)).toBeGreaterThanOrEqual(4);
      expect(Number(y)).toBeLessThan(size - 4);
    }
    // A QR code is 17 + 4 × version modules wide.
    expect((size - 8 - 17) % 4).toBe(0);
  });

  it("gives none for a link too long for any QR code, instead of throwing", () => {
    expect(qrPath(`https://t.me/bot?start=${"a".repeat(2400)}`)).toBeNull();
    expect(qrPath(`https://t.me/bot?start=${"a".repeat(2000)}`)).not.toBeNull();
  });
});
