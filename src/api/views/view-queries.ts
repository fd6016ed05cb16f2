import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { ViewChangeRequest, ViewCreateRequest, ViewItem } from "@/contract/views";
import { useApi, type GatewayFetch } from "../api-context";
import { changeView, createView, deleteView, fetchViews, pinView } from "./views-client";

/**
 * Saved views per channel: `channel(id)` is the one list (mine and the shared ones) that every
 * change invalidates; the sidebar's pins and the page's menu read the same query.
 */
export const viewKeys = {
  all: ["views"] as const,
  channel: (groupId: number) => [...viewKeys.all, groupId] as const,
};

/** A list that changes only when someone saves a view: no need to ask on every visit. */
const VIEWS_STALE_MS = 60_000;

export const viewsQuery = (groupId: number, gateway: GatewayFetch) =>
  // The fetch of the gateway is one per Api, not a parameter of the answer.
  // eslint-disable-next-line @tanstack/query/exhaustive-deps
  queryOptions({
    queryKey: viewKeys.channel(groupId),
    queryFn: ({ signal }) => fetchViews(gateway, groupId, signal),
    staleTime: VIEWS_STALE_MS,
  });

export interface ViewMutationOptions {
  /** Runs after the hook's own cache work, which a caller can therefore never skip. */
  onSuccess?: (view: ViewItem | undefined) => unknown;
}

/** One change of the channel's views, then the list asked again (others may have changed it). */
function useViewMutation<Variables>(
  groupId: number,
  run: (gateway: GatewayFetch, variables: Variables) => Promise<ViewItem | undefined>,
  { onSuccess }: ViewMutationOptions,
) {
  const queryClient = useQueryClient();
  const { gateway } = useApi();
  return useMutation({
    mutationFn: (variables: Variables) => run(gateway, variables),
    onSuccess: async (view) => {
      await queryClient.invalidateQueries({ queryKey: viewKeys.channel(groupId) });
      return onSuccess?.(view);
    },
  });
}

export function useCreateView(groupId: number, options: ViewMutationOptions = {}) {
  return useViewMutation(
    groupId,
    (gateway, view: ViewCreateRequest) => createView(gateway, groupId, view),
    options,
  );
}

export function useChangeView(groupId: number, options: ViewMutationOptions = {}) {
  return useViewMutation(
    groupId,
    (gateway, { viewId, change }: { viewId: number; change: ViewChangeRequest }) =>
      changeView(gateway, groupId, viewId, change),
    options,
  );
}

export function useDeleteView(groupId: number, options: ViewMutationOptions = {}) {
  return useViewMutation(
    groupId,
    async (gateway, viewId: number) => {
      await deleteView(gateway, groupId, viewId);
      return undefined;
    },
    options,
  );
}

export function usePinView(groupId: number, options: ViewMutationOptions = {}) {
  return useViewMutation(
    groupId,
    (gateway, { viewId, pinned }: { viewId: number; pinned: boolean }) =>
      pinView(gateway, groupId, viewId, pinned),
    options,
  );
}
