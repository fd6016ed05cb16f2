/**
 * The contract's schemas, with zod, as one chunk of their own: the entry of the SPA carries
 * none of them (issue 15, "The entry smaller"). main.tsx asks for the chunk as the app starts,
 * so it downloads beside the language catalog and the first page's chunk, and every answer is
 * still parsed by the contract before anyone sees it.
 */
export type ContractSchemas = typeof import("./schemas");

let loading: Promise<ContractSchemas> | undefined;
let loaded: ContractSchemas | undefined;

/** The schemas, fetched once; a failed fetch (the network dropped) is tried again next time. */
export function contractSchemas(): Promise<ContractSchemas> {
  loading ??= import("./schemas").then(
    (schemas) => (loaded = schemas),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** The schemas if their chunk is already in, without waiting: undefined while it loads. */
export function schemasIfLoaded(): ContractSchemas | undefined {
  return loaded;
}
