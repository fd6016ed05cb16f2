import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { botsQuery } from "@/api/lookup-queries";
import type { DirectoryPerson } from "@/contract/directory";
import { useFormat } from "@/i18n/use-format";
import { PersonSection } from "./person-section";

interface Props {
  person: DirectoryPerson;
  groupId: number;
  timeZone: string;
}

/** The last bot start or stop sent for the person through this gateway, and by whom. */
export function PersonLastBot({ person, groupId, timeZone }: Props) {
  const { t } = useLingui();
  const f = useFormat();
  const { call } = useApi();
  const bots = useQuery(botsQuery(groupId, call));
  const run = person.last_bot;
  const title = t`Last bot from Channel Desk`;
  if (run === null) {
    return (
      <PersonSection id="person-last-bot" title={title}>
        <p className="muted">
          <Trans>Nobody has started or stopped a bot for this person from Channel Desk.</Trans>
        </p>
      </PersonSection>
    );
  }
  const bot =
    bots.data?.find((item) => item.bot_id === run.bot_id)?.title ?? `#${String(run.bot_id)}`;
  const when = f.dateTime(Date.parse(run.at), timeZone);
  const by = run.by;
  const step = run.step_id ?? "";
  return (
    <PersonSection id="person-last-bot" title={title}>
      <p>
        {run.action === "stop" ? (
          <Trans>
            Stopped in the bot “{bot}” on {when} by {by}.
          </Trans>
        ) : step === "" ? (
          <Trans>
            Put in the bot “{bot}” at its start on {when} by {by}.
          </Trans>
        ) : (
          <Trans>
            Put in the bot “{bot}” at step {step} on {when} by {by}.
          </Trans>
        )}
      </p>
    </PersonSection>
  );
}
