import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { columnVisibilityFeature, createColumnHelper, tableFeatures } from "@tanstack/react-table";
import { createContext } from "react";
import type { Subscriber } from "@/contract/entities";
import type { Formatters } from "@/i18n/use-format";
import {
  statusLabel,
  subscriptionNames,
  userIdOf,
  utmLabels,
  type UserIdField,
} from "@/lib/subscriber-format";
import { ApiDate } from "../words/api-date";
import { ZoneName } from "../words/zone-name";
import { PersonCell } from "./person-cell";

export const subscriberTableFeatures = tableFeatures({ columnVisibilityFeature });

const column = createColumnHelper<typeof subscriberTableFeatures, Subscriber>();

/** The subscriber's subscriptions: the shared catalog's word, with its context. */
/** The date column's own word; the zone follows it as everywhere (`withZone`). */
const DATE_HEADER = msg({ message: "Date", context: "a column of date-times" });

export const SUBSCRIPTIONS_HEADER = msg({
  message: "Subscriptions",
  context: "subscriber's subscriptions (groups)",
});

/** The columns a person may hide, with the names the chooser shows; the person always stays. */
export const HIDEABLE_COLUMNS = [
  { id: "userId", label: msg`User id` },
  { id: "recordId", label: msg`Record id` },
  { id: "date", label: msg`Date` },
  { id: "status", label: msg`Status` },
  { id: "subscriptions", label: SUBSCRIPTIONS_HEADER },
  { id: "utms", label: msg`UTM` },
  { id: "variables", label: msg`Variables` },
] as const;

export const HIDEABLE_COLUMN_IDS = HIDEABLE_COLUMNS.map((entry) => entry.id);

export interface ColumnContext {
  groupId: number;
  /** The channel's user-id field; undefined for a kind the app does not know. */
  userIdField: UserIdField | undefined;
  userIdLabel: string;
  timeZone: string;
  /** The language of the headers and words, and its number format. */
  i18n: I18n;
  format: Formatters;
}

/**
 * The channel's subscription names by id, for the Subscriptions column. A context, not a part
 * of the columns: the names usually arrive after the rows, and columns made again then did not
 * reach the rows already drawn (the ids stayed; tests/component/subscribers-list.test.tsx).
 * Through this the columns stay; the page around the table is drawn again when the names come
 * (it asks for them), its memoized cells skip their work, and only this column's cells change.
 */
export const SubscriptionNamesContext = createContext<ReadonlyMap<number, string>>(new Map());

export function subscriberColumns(context: ColumnContext) {
  const { i18n, format } = context;
  // An empty cell's word, written once for the columns (made again in another language), not a
  // component and a <Trans> in each empty cell.
  const none = (
    <span className="muted">
      {i18n._(msg({ message: "none", context: "no value in a table cell" }))}
    </span>
  );
  const joined = (labels: string[]) => (labels.length > 0 ? labels.join(", ") : none);
  return column.columns([
    column.accessor((row) => row.id, {
      id: "person",
      header: i18n._(msg`Person`),
      enableHiding: false,
      cell: ({ row }) => (
        <PersonCell
          groupId={context.groupId}
          recordId={row.original.id}
          firstName={row.original.first_name}
          lastName={row.original.last_name}
          photo={row.original.photo}
        />
      ),
    }),
    column.accessor((row) => userIdOf(row, context.userIdField), {
      id: "userId",
      header: context.userIdLabel,
      // An id is a name, not an amount: written as the API gives it, with no separators (a
      // number drawn as text is its digits alone).
      cell: ({ getValue }) => getValue() ?? none,
    }),
    column.accessor((row) => row.id, { id: "recordId", header: i18n._(msg`Record id`) }),
    column.accessor((row) => row.date, {
      id: "date",
      // The API's date-times carry no zone: the header says which one they are in.
      header: () => <ZoneName text={i18n._(DATE_HEADER)} zone={context.timeZone} />,
      cell: ({ getValue }) => <ApiDate value={getValue()} timeZone={context.timeZone} />,
    }),
    column.accessor((row) => row.status, {
      id: "status",
      header: i18n._(msg`Status`),
      cell: ({ getValue }) => statusLabel(getValue(), i18n),
    }),
    // Names are looked up as the cell is drawn (SubscriptionNamesContext): the table caches
    // accessor values per row, and the names arrive after the rows.
    column.accessor((row) => row.subscriptions, {
      id: "subscriptions",
      header: i18n._(SUBSCRIPTIONS_HEADER),
      // The table calls each cell as a function, not as a component (subscribers-table.tsx):
      // the names' context is read by its consumer, the one component of this cell.
      cell: ({ getValue }) => (
        <SubscriptionNamesContext.Consumer>
          {(names) => joined(subscriptionNames(getValue(), names))}
        </SubscriptionNamesContext.Consumer>
      ),
    }),
    column.accessor((row) => utmLabels(row.utms), {
      id: "utms",
      header: i18n._(msg`UTM`),
      cell: ({ getValue }) => joined(getValue()),
    }),
    column.accessor((row) => row.vars.length, {
      id: "variables",
      header: i18n._(msg`Variables`),
      cell: ({ getValue }) => format.number(getValue()),
    }),
  ]);
}
