import * as z from "zod";

/**
 * zod for everything in src/: import it as `import * as z from "@/contract/zod"` (ESLint
 * refuses "zod" itself there). zod compiles object parsers with `new Function` when it can,
 * and finds out by trying — which the gateway's CSP (`script-src 'self'`, no 'unsafe-eval')
 * refuses and reports as a violation. In a browser it parses without that. zod reads the
 * setting when a schema is built, so it must be set before any schema module runs: a module
 * that imports this one runs after it, whatever the bundler puts in which chunk.
 */
if (typeof document !== "undefined") z.config({ jitless: true });

export * from "zod";
