/**
 * The page's second early script (vite.config.ts, `bootEntries`): it imports the contract's
 * schemas (zod), so their chunk is evaluated as soon as it is in, while the app's entry is
 * still downloading; src/api/contract-schemas.ts imports the same module later and finds it
 * evaluated (issue 15). The operations' own schemas are still built when first read
 * (src/contract/lazy-record.ts). A script of its own, not a lazy import in boot.ts, because
 * that one must not wait for this chunk before it asks for the session.
 */
import "../api/schemas";
