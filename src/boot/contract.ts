/**
 * The page's second early script (vite.config.ts, `bootEntries`): the contract's schemas
 * (zod), evaluated as soon as their chunk is in, while the app's entry is still downloading.
 * Every answer waits for them; src/api/contract-schemas.ts imports the same module and finds
 * it evaluated, so building them is off the first load's path (issue 15). A script of its own
 * rather than a lazy import in boot.ts: that one would wait for nothing, this one waits for the
 * contract's chunk.
 */
import "../api/schemas";
