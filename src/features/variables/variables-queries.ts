import { useMutation, useMutationState, useQueryClient } from "@tanstack/react-query";
import { i18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { notify } from "@/components/notify";
import { describeApiError } from "@/api/error-text";
import { useApi } from "@/api/api-context";
import { apiKeys } from "@/api/query-keys";
import type { ResponseOf } from "@/contract/operations";
import { applyVariableChange, restoreVariable, type VariableChange } from "@/lib/variables";
import { personParams, variablesQuery, type Person } from "./variables-query";

// The read query lives apart, small enough for the router to start it with the page's code.
export { personParams, variablesQuery, type Person } from "./variables-query";

/** One key for every change of one person's variables, to see which are still on their way. */
function changeKey(person: Person) {
  return [...apiKeys.group(person.groupId, "vars"), "change", personParams(person)] as const;
}

type VariablesData = ResponseOf<"vars/get">;
interface Snapshot {
  previous: VariablesData["items"][number] | undefined;
}

/**
 * vars/set and vars/del with an optimistic update: the list changes at once; a failure puts
 * back only the variable it concerned (another save that succeeded meanwhile stays) and says
 * so in a toast. The caller's own `onError` (the message at the field or row) comes after.
 * The list is fetched again once the last change of the person has settled, so a refetch
 * never overwrites on screen a change still on its way.
 */
export function useVariableChange(person: Person) {
  const { call } = useApi();
  const queryClient = useQueryClient();
  const listKey = variablesQuery(person, call).queryKey;
  const mutationKey = changeKey(person);
  return useMutation({
    mutationKey,
    mutationFn: (change: VariableChange) => {
      const options = { groupId: person.groupId };
      const params = personParams(person);
      return change.kind === "set"
        ? call("vars/set", { ...params, name: change.name, value: change.value }, options)
        : call("vars/del", { ...params, name: change.name }, options);
    },
    onMutate: async (change): Promise<Snapshot> => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const current = queryClient.getQueryData(listKey);
      const previous = current?.items.find((item) => item.name === change.name);
      queryClient.setQueryData(listKey, (data) =>
        data ? { ...data, items: applyVariableChange(data.items, change) } : data,
      );
      return { previous };
    },
    onError: (error, change, snapshot) => {
      queryClient.setQueryData(listKey, (data) =>
        data
          ? { ...data, items: restoreVariable(data.items, change.name, snapshot?.previous) }
          : data,
      );
      const name = change.name;
      const reason = describeApiError(error, i18n);
      notify(
        "error",
        change.kind === "del"
          ? i18n._(msg`Could not delete the variable “${name}”: ${reason}`)
          : i18n._(msg`Could not save the variable “${name}”: ${reason}`),
      );
    },
    // Not awaited: a slow refetch must not hold back the outcome (a failure's message).
    onSettled: () => {
      // The record of subscribers/get carries the variables too (the subscriber's panel).
      void queryClient.invalidateQueries({
        queryKey: apiKeys.operation(person.groupId, "subscribers/get"),
      });
      if (queryClient.isMutating({ mutationKey }) === 1) {
        void queryClient.invalidateQueries({ queryKey: listKey });
      }
    },
  });
}

/** Names of the person's variables with a change still on its way: their buttons wait. */
export function usePendingNames(person: Person): ReadonlySet<string> {
  const names = useMutationState({
    filters: { mutationKey: changeKey(person), status: "pending" },
    select: (mutation) => (mutation.state.variables as VariableChange | undefined)?.name,
  });
  return new Set(names.filter((name): name is string => name !== undefined));
}
