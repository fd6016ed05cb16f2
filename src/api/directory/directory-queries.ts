import { queryOptions } from "@tanstack/react-query";
import type { DirectoryPersonBrief } from "@/contract/directory";
import { DIRECTORY_LOOKUP_MAX } from "@/contract/directory-constants";
import { directoryKeys } from "../query-keys";
import type { DirectoryApi } from "./directory-client";

/** While a full pass reads, the status line moves: ask again this often. */
export const DIRECTORY_STATUS_POLL_MS = 5_000;
/** Names change rarely: a page opened twice in a minute need not ask again. */
const LOOKUP_STALE_MS = 60_000;
/** A search's results may be reused while the person types back and forth. */
const SEARCH_STALE_MS = 30_000;

/** "Directory: 48,213 people" / "Reading subscribers… 31 %", polled while a pass runs. */
export const directoryStatusOptions = (groupId: number, directory: DirectoryApi) =>
  queryOptions({
    queryKey: directoryKeys.status(groupId),
    queryFn: ({ signal }) => directory.status(groupId, { signal }),
    refetchInterval: (query) => (query.state.data?.full_pass ? DIRECTORY_STATUS_POLL_MS : false),
    // A gateway without a directory answers 404, and a failing one is no reason to hold a page:
    // the pages then work from the API alone. Not retried, by the pages nor by their routes.
    retry: false,
  });

/**
 * The first page of a search (20 ranked people). A newer query cancels this one through the
 * signal React Query passes, so a slow answer to "пет" never overwrites the one to "петров".
 */
export const directorySearchOptions = (groupId: number, q: string, directory: DirectoryApi) =>
  queryOptions({
    queryKey: directoryKeys.search(groupId, q),
    queryFn: ({ signal }) => directory.search(groupId, { q }, { signal }),
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });

/**
 * One person, the person view's first data; `read` asks the API for someone the directory does
 * not hold yet. An unknown person is an answer (404 `directory-person-unknown`), not worth
 * retrying.
 */
export const directoryPersonOptions = (
  groupId: number,
  userId: number,
  directory: DirectoryApi,
  read = false,
) =>
  queryOptions({
    queryKey: directoryKeys.personRead(groupId, userId, read),
    queryFn: ({ signal }) => directory.person(groupId, userId, { read }, { signal }),
    retry: false,
  });

/**
 * Who these user ids are, as far as the directory knows: user id → person, or null when it
 * does not. At most DIRECTORY_LOOKUP_MAX ids (the rest are not asked, so not named).
 */
export const directoryLookupOptions = (
  groupId: number,
  userIds: readonly number[],
  directory: DirectoryApi,
) => {
  const key = directoryKeys.lookup(groupId, userIds);
  return queryOptions({
    queryKey: key,
    queryFn: async ({
      queryKey,
      signal,
    }): Promise<ReadonlyMap<number, DirectoryPersonBrief | null>> => {
      const asked = queryKey[3].slice(0, DIRECTORY_LOOKUP_MAX);
      if (asked.length === 0) return new Map();
      const answer = await directory.lookup(groupId, asked, { signal });
      return new Map(answer.items.map((item) => [item.user_id, item.person]));
    },
    staleTime: LOOKUP_STALE_MS,
    retry: false,
  });
};

/**
 * The search in the account's other channels (5 a channel), beside the current channel's own
 * results; cancelled like the search when the person types on.
 */
export const directorySearchElsewhereOptions = (
  except: number,
  q: string,
  directory: DirectoryApi,
) =>
  queryOptions({
    queryKey: directoryKeys.elsewhere(except, q),
    queryFn: ({ signal }) => directory.searchElsewhere(except, q, { signal }),
    staleTime: SEARCH_STALE_MS,
    retry: false,
  });
