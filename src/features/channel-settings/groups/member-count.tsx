import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { useFormat } from "@/i18n/use-format";
import { memberCountQuery } from "../queries";

/** How many people are in a group now, or why that is not known. */
export function MemberCount({
  groupId,
  subscriptionId,
}: {
  groupId: number;
  subscriptionId: number;
}) {
  const { call } = useApi();
  const { t } = useLingui();
  const format = useFormat();
  const count = useQuery(memberCountQuery(groupId, subscriptionId, call));
  if (count.isPending) return <span className="muted">{t`counting…`}</span>;
  if (count.isError) {
    return (
      <button type="button" className="button settings-small" onClick={() => void count.refetch()}>
        <Trans>Not counted: retry</Trans>
      </button>
    );
  }
  const shown = format.number(count.data.count);
  return <span>{shown}</span>;
}

/** The delete question's sentence about the members, from the same count. */
export function MembersLost({
  groupId,
  subscriptionId,
}: {
  groupId: number;
  subscriptionId: number;
}) {
  const { call } = useApi();
  const count = useQuery({ ...memberCountQuery(groupId, subscriptionId, call), staleTime: 0 });
  if (count.isPending) {
    return (
      <p>
        <Trans>Counting the people in the group…</Trans>
      </p>
    );
  }
  if (count.isError) {
    return (
      <p>
        <Trans>
          How many people are in the group could not be counted. Everyone in it will be
          unsubscribed.
        </Trans>
      </p>
    );
  }
  const people = count.data.count;
  return (
    <p>
      <Plural
        value={people}
        _0="Nobody is in this group."
        one="# person is in this group and will be unsubscribed from it."
        other="# people are in this group and will be unsubscribed from it."
      />
    </p>
  );
}
