/** The directory's sizes (src/contract/directory.ts), without zod: the SPA's entry uses them. */
/** Results per page of search and of the list, unless `limit` says otherwise (1..100). */
export const DIRECTORY_PAGE_SIZE = 20;
export const DIRECTORY_PAGE_MAX = 100;
/** Ids per lookup, lines per resolve: as many as the bulk pages take. */
export const DIRECTORY_LOOKUP_MAX = 1000;
export const DIRECTORY_RESOLVE_MAX = 1000;
/** Candidates shown for one ambiguous line of a resolve. */
export const DIRECTORY_CANDIDATES_MAX = 5;
