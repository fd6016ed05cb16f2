import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { PersonName } from "@/components/person-name";
import { useChannelPeople, type ChannelPeople } from "@/components/use-channel-people";
import type { DeliveryRecord } from "@/contract/entities";
import { useFormat } from "@/i18n/use-format";
import {
  deliverySource,
  deliveryStatus,
  messageIds,
  type DeliveryNames,
} from "@/lib/delivery-format";
import type { ZoneLabel } from "@/lib/format";
import { personName, userIdOf, type UserIdField } from "@/lib/subscriber-format";
import { dateHeader } from "@/lib/zone-words";

interface RecordsTableProps {
  records: readonly DeliveryRecord[];
  names: DeliveryNames;
  userIdField: UserIdField | undefined;
  timeZone: string;
  /** The zone as people say it, with its IANA name for a hint. */
  zone: ZoneLabel;
  /** Index of the first record on this page, for the row numbers a screen reader hears. */
  firstIndex: number;
  busy: boolean;
}

/** One row per sent message, of either shape: a mass delivery's or a bot step's. */
export function RecordsTable({
  records,
  names,
  userIdField,
  timeZone,
  zone,
  firstIndex,
  busy,
}: RecordsTableProps) {
  const { i18n } = useLingui();
  const zoneLabel = zone.label;
  const people = useChannelPeople(records.map((record) => userIdOf(record, userIdField)));
  return (
    <table className="data-table deliveries-table" aria-busy={busy || undefined}>
      <caption className="visually-hidden">
        <Trans>Delivery records</Trans>
      </caption>
      <thead>
        <tr>
          <th scope="col">
            <span title={zone.iana}>{dateHeader(zoneLabel, i18n)}</span>
          </th>
          <th scope="col">
            <Trans>Recipient</Trans>
          </th>
          <th scope="col">
            <Trans>Sent by</Trans>
          </th>
          <th scope="col">
            <Trans>Status</Trans>
          </th>
          <th scope="col">
            <Trans>Message ids</Trans>
          </th>
        </tr>
      </thead>
      <tbody>
        {records.map((record, index) => (
          <RecordRow
            // Records carry no id of their own; their place in the period is stable.
            key={firstIndex + index}
            record={record}
            names={names}
            userIdField={userIdField}
            timeZone={timeZone}
            people={people}
          />
        ))}
      </tbody>
    </table>
  );
}

function RecordRow({
  record,
  names,
  userIdField,
  timeZone,
  people,
}: {
  record: DeliveryRecord;
  names: DeliveryNames;
  userIdField: UserIdField | undefined;
  timeZone: string;
  people: ChannelPeople;
}) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const source = deliverySource(record, names, i18n);
  const status = deliveryStatus(record, i18n);
  const ids = messageIds(record);
  const userId = userIdOf(record, userIdField);
  const count = ids.parts.length;
  const list = ids.parts.map(String).join(", ");
  return (
    <tr>
      <td className="deliveries-date">{format.apiDateTime(record.date, timeZone)}</td>
      <td>
        {userId === undefined ? (
          <span className="deliveries-person">{personName(record, i18n)}</span>
        ) : (
          <PersonName
            groupId={people.groupId}
            userId={userId}
            enabled={people.enabled}
            known={people.people.get(userId) ?? null}
            fallback={record}
            label={String(userId)}
          />
        )}
      </td>
      <td>
        {source.kind === "mass" ? (
          <>
            <span className="deliveries-source">{source.name}</span>
            <span className="muted deliveries-sub">
              <Trans>Mass delivery</Trans>
            </span>
          </>
        ) : (
          <>
            <span className="deliveries-source">
              {source.botName} — {source.stepTitle}
            </span>
            <span className="deliveries-sub">
              <span className="muted">
                <Trans>Bot step</Trans>
              </span>
              {source.test && (
                <span className="badge deliveries-test">
                  <Trans>Test run</Trans>
                </span>
              )}
            </span>
          </>
        )}
      </td>
      <td>
        <span
          className={`deliveries-status deliveries-status-${status.outcome}`}
          title={status.description}
        >
          {status.label}
        </span>
      </td>
      <td className="deliveries-ids">
        {ids.message === undefined && count === 0 ? (
          <span className="muted">{t({ message: "none", context: "no message ids" })}</span>
        ) : (
          <>
            {ids.message !== undefined && <span>{String(ids.message)}</span>}
            {count > 0 && (
              <span className="deliveries-sub">
                {t`${plural(count, { one: "# part", other: "# parts" })}: ${list}`}
              </span>
            )}
          </>
        )}
      </td>
    </tr>
  );
}
