import type { DirectoryPerson } from "@/contract/directory";
import type { PersonActivity } from "./person-activity-queries";
import { PersonHistory } from "./person-history";
import { PersonLastBot } from "./person-last-bot";
import { PersonMessages } from "./person-messages";

export interface PersonLaterProps {
  person: DirectoryPerson;
  activity: PersonActivity;
  names: ReadonlyMap<number, string>;
  zoneLabel: string;
  /** Whether the role may read subscribers/statSubscribe and deliveries/stat. */
  fromApi: boolean;
  messagesAllowed: boolean;
}

/**
 * The person page's last sections, under the variables: the last bot, the subscription history
 * and the messages. Fetched once the page is drawn, not as part of its first load (issue 15).
 */
export function PersonLater({
  person,
  activity,
  names,
  zoneLabel,
  fromApi,
  messagesAllowed,
}: PersonLaterProps) {
  return (
    <>
      <PersonLastBot person={person} groupId={activity.groupId} timeZone={activity.timeZone} />
      <PersonHistory
        person={person}
        activity={activity}
        fromApi={fromApi}
        names={names}
        zoneLabel={zoneLabel}
      />
      <PersonMessages activity={activity} allowed={messagesAllowed} zoneLabel={zoneLabel} />
    </>
  );
}
