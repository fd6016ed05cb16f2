import compress from "@fastify/compress";
import fp from "fastify-plugin";
import { PRECOMPRESS_MIN_BYTES } from "../../tools/precompress";

/**
 * On-the-fly compression of what was not compressed at build time: the API's JSON answers
 * and any file of `dist/` without its `.br`/`.gz` copy (the file server sends those copies
 * itself, with their `Content-Encoding`, and this plugin leaves an encoded answer alone).
 * Answers under 1 KiB go as they are: compressing them saves less than a packet. Brotli runs
 * at quality 4 (the plugin's default), cheap enough per request; the build's copies use 11.
 * Register it before any route: it adds its hook to the routes declared after it.
 */
export const compression = fp(
  async (app) => {
    await app.register(compress, {
      global: true,
      encodings: ["br", "gzip"],
      threshold: PRECOMPRESS_MIN_BYTES,
    });
  },
  { name: "compression" },
);
