import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { precompressDir } from "../../server/tools/precompress";

let dir: string;
afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe("precompressDir", () => {
  it("writes brotli and gzip copies of text files of 1 KiB or more, in every folder", async () => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    mkdirSync(join(dir, "assets"));
    const script = "export const rows = [];\n".repeat(100);
    const files = {
      "assets/app-1.js": script,
      "assets/app-1.css": ".row { color: red }\n".repeat(100),
      "icon.svg": `<svg xmlns="http://www.w3.org/2000/svg">${"<g/>".repeat(300)}</svg>`,
      "openapi.json": JSON.stringify({ paths: Array.from({ length: 400 }, (_, i) => i) }),
      "index.html": `<!doctype html>${"<p>x</p>".repeat(200)}`,
    };
    for (const [path, text] of Object.entries(files)) writeFileSync(join(dir, path), text);
    writeFileSync(join(dir, "assets", "small.js"), "export{};");
    writeFileSync(join(dir, "photo.png"), Buffer.alloc(4096, 7));

    const summary = await precompressDir(dir);

    expect(summary.files).toBe(Object.keys(files).length);
    for (const [path, text] of Object.entries(files)) {
      expect(brotliDecompressSync(readFileSync(join(dir, `${path}.br`))).toString()).toBe(text);
      expect(gunzipSync(readFileSync(join(dir, `${path}.gz`))).toString()).toBe(text);
    }
    expect(readFileSync(join(dir, "assets/app-1.js.br")).length).toBeLessThan(script.length / 10);
    for (const path of ["assets/small.js", "photo.png"]) {
      expect(existsSync(join(dir, `${path}.br`)), path).toBe(false);
      expect(existsSync(join(dir, `${path}.gz`)), path).toBe(false);
    }
  });

  it("writes no copy that would be larger than the file", async () => {
    dir = mkdtempSync(join(tmpdir(), "precompress-"));
    // Pseudo-random bytes (xorshift, fixed seed) do not compress: every copy would be larger.
    const noise = Buffer.alloc(4096);
    let x = 2463534242;
    for (let i = 0; i < noise.length; i++) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
      noise[i] = x & 0xff;
    }
    writeFileSync(join(dir, "noise.js"), noise);
    const summary = await precompressDir(dir);
    expect(summary.files).toBe(1);
    expect(existsSync(join(dir, "noise.js.br"))).toBe(false);
    expect(existsSync(join(dir, "noise.js.gz"))).toBe(false);
  });
});
