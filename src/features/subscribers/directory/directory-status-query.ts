import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { directoryStatusOptions } from "@/api/directory";

/**
 * The channel's directory status, shared by the status line, the list's source switch and the
 * bulk forms (one query, polled while a full pass reads). A gateway without a directory
 * answers 404: the page then works as before, from the API alone.
 */
export function useDirectoryStatus(groupId: number) {
  const { directory } = useApi();
  return useQuery(directoryStatusOptions(groupId, directory));
}
