import { i18n } from "@lingui/core";
import type { DeliveryRecord } from "@/contract/entities";
import {
  deliverySource,
  deliveryStatus,
  messageIds,
  type DeliveryNames,
} from "@/lib/delivery-format";
import { personName, userIdOf, type UserIdField } from "@/lib/subscriber-format";

interface RecordsTableProps {
  records: readonly DeliveryRecord[];
  names: DeliveryNames;
  userIdField: UserIdField | undefined;
  timeZone: string;
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
  firstIndex,
  busy,
}: RecordsTableProps) {
  return (
    <table className="data-table deliveries-table" aria-busy={busy || undefined}>
      <caption className="visually-hidden">Delivery records</caption>
      <thead>
        <tr>
          <th scope="col">Date ({timeZone})</th>
          <th scope="col">Recipient</th>
          <th scope="col">Sent by</th>
          <th scope="col">Status</th>
          <th scope="col">Message ids</th>
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
}: {
  record: DeliveryRecord;
  names: DeliveryNames;
  userIdField: UserIdField | undefined;
}) {
  const source = deliverySource(record, names, i18n);
  const status = deliveryStatus(record, i18n);
  const ids = messageIds(record);
  const userId = userIdOf(record, userIdField);
  return (
    <tr>
      <td className="deliveries-date">{record.date}</td>
      <td>
        <span className="deliveries-person">{personName(record, i18n)}</span>
        {userId !== undefined && <span className="muted deliveries-sub">{String(userId)}</span>}
      </td>
      <td>
        {source.kind === "mass" ? (
          <>
            <span className="deliveries-source">{source.name}</span>
            <span className="muted deliveries-sub">Mass delivery</span>
          </>
        ) : (
          <>
            <span className="deliveries-source">
              {source.botName} — {source.stepTitle}
            </span>
            <span className="deliveries-sub">
              <span className="muted">Bot step</span>
              {source.test && <span className="badge deliveries-test">Test run</span>}
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
        {ids.message === undefined && ids.parts.length === 0 ? (
          <span className="muted">none</span>
        ) : (
          <>
            {ids.message !== undefined && <span>{String(ids.message)}</span>}
            {ids.parts.length > 0 && (
              <span className="deliveries-sub">
                {ids.parts.length} parts: {ids.parts.map(String).join(", ")}
              </span>
            )}
          </>
        )}
      </td>
    </tr>
  );
}
