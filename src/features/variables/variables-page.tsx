import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback } from "react";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { useDocumentTitle } from "@/components/use-document-title";
import { useSearchState } from "@/components/use-search-state";
import { userIdField } from "@/lib/subscriber-format";
import { FindPerson } from "./find-person";
import { PersonVariables } from "./person-variables";
import { variablesSearch } from "./variables-search";
import "./variables.css";

/** `/c/:groupId/variables?user=<id>`: find a person, then read and change their variables. */
export function VariablesPage() {
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  const field = userIdField(channel.type_name);
  const [search, setSearch] = useSearchState(variablesSearch);
  const { t } = useLingui();
  const channelName = channel.name;
  const shownUser = String(search.user);
  useDocumentTitle(search.user > 0 ? t`Variables of ${shownUser}` : t`Variables`);
  const find = useCallback(
    (userId: number) => {
      setSearch({ user: userId, record: 0 }, { push: true });
    },
    [setSearch],
  );
  const clear = useCallback(() => {
    setSearch({ user: 0, record: 0 }, { push: true });
  }, [setSearch]);

  return (
    <div className="variables">
      <h1>
        <Trans>Variables</Trans>
      </h1>
      <p className="variables-intro">
        <Trans>
          Read and change the variables of one subscriber of {channelName}: bots and messages use
          them, such as a name or a plan.
        </Trans>
      </p>
      <FindPerson field={field} current={search.user} onFind={find} onRefuse={clear} />
      {search.user > 0 && (
        <PersonVariables
          key={`${String(search.user)}-${String(search.record)}`}
          person={{
            groupId: channel.group_id,
            field: field ?? "tg_user_id",
            userId: search.user,
          }}
          record={search.record}
          role={role}
          channelName={channel.name}
        />
      )}
    </div>
  );
}
