import { config } from "zod/mini";
import { en } from "zod/locales";

/**
 * The contract's schemas are zod's mini build (src/contract/zod.ts), which loads no locale:
 * without this every generic issue would read "Invalid input". The servers answer refusals in
 * zod's English ("vk_user_id: Invalid input: expected int, received string"), and
 * src/contract/issue-failure.ts tells a missing field by those words, so both servers load it
 * before they build or run a schema. Classic zod (the servers' own config schemas) would load
 * the same locale on its first schema; saying it here does not depend on that.
 */
config(en());
