import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Text files worth compressing; images, fonts and maps are not (or are not served). */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|html|json|txt|webmanifest)$/i;

/**
 * Below this a compressed copy saves less than a packet, and the gateway would not compress
 * such a file on the fly either (the same threshold as `server/gateway/plugins/compression.ts`).
 */
export const PRECOMPRESS_MIN_BYTES = 1024;

export interface PrecompressSummary {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
}

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

/**
 * Writes `<file>.br` (brotli, best quality) and `<file>.gz` (gzip level 9) beside every text
 * file of `dir` of at least 1 KiB, so the gateway serves them without compressing on each
 * request. A copy that would not be smaller than the file is not written: the gateway then
 * falls back to the file itself. Existing copies are replaced.
 */
export async function precompressDir(dir: string): Promise<PrecompressSummary> {
  const summary: PrecompressSummary = { files: 0, bytes: 0, brotliBytes: 0, gzipBytes: 0 };
  const jobs: Promise<void>[] = [];
  for await (const path of filesUnder(dir)) {
    if (!COMPRESSIBLE.test(path)) continue;
    const size = (await stat(path)).size;
    if (size < PRECOMPRESS_MIN_BYTES) continue;
    jobs.push(
      readFile(path).then(async (content) => {
        const [br, gz] = await Promise.all([
          brotli(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
          gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        summary.files += 1;
        summary.bytes += content.length;
        if (br.length < content.length) {
          await writeFile(`${path}.br`, br);
          summary.brotliBytes += br.length;
        }
        if (gz.length < content.length) {
          await writeFile(`${path}.gz`, gz);
          summary.gzipBytes += gz.length;
        }
      }),
    );
  }
  await Promise.all(jobs);
  return summary;
}
