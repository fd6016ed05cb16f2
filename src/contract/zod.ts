import * as z from "zod/mini";

/**
 * zod for everything in src/: import it as `import * as z from "@/contract/zod"` (ESLint
 * refuses "zod" itself there). It is zod's mini build: functions (`z.optional(x)`,
 * `x.check(z.minLength(1))`) instead of methods, so a bundle carries only the parts of zod its
 * schemas use (classic zod puts every method on every schema and cannot be tree-shaken).
 * The mini build loads no locale: the servers load zod's English messages themselves
 * (server/shared/zod-english.ts); forms translate issues by their code (src/i18n/zod-resolver.ts),
 * so in the browser zod's own words ("Invalid input") only reach ApiError's log text.
 *
 * zod compiles object parsers with `new Function` when it can, and finds out by trying — which
 * the gateway's CSP (`script-src 'self'`, no 'unsafe-eval') refuses and reports as a violation.
 * In a browser it parses without that. zod reads the setting when a schema is built, so it
 * must be set before any schema module runs: a module that imports this one runs after it,
 * whatever the bundler puts in which chunk.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export * from "zod/mini";
