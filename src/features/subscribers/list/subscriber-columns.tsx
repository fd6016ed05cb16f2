import { i18n } from "@lingui/core";
import { columnVisibilityFeature, createColumnHelper, tableFeatures } from "@tanstack/react-table";
import type { Subscriber } from "@/contract/entities";
import {
  statusLabel,
  subscriptionNames,
  userIdOf,
  utmLabels,
  type UserIdField,
} from "@/lib/subscriber-format";
import { PersonCell } from "./person-cell";

export const subscriberTableFeatures = tableFeatures({ columnVisibilityFeature });

const column = createColumnHelper<typeof subscriberTableFeatures, Subscriber>();

/** The columns a person may hide, with the names the chooser shows; the person always stays. */
export const HIDEABLE_COLUMNS = [
  { id: "userId", label: "User id" },
  { id: "recordId", label: "Record id" },
  { id: "date", label: "Date" },
  { id: "status", label: "Status" },
  { id: "subscriptions", label: "Subscriptions" },
  { id: "utms", label: "UTM" },
  { id: "variables", label: "Variables" },
] as const;

export const HIDEABLE_COLUMN_IDS = HIDEABLE_COLUMNS.map((entry) => entry.id);

export interface ColumnContext {
  groupId: number;
  /** The channel's user-id field; undefined for a kind the app does not know. */
  userIdField: UserIdField | undefined;
  userIdLabel: string;
  timeZone: string;
  subscriptionNames: ReadonlyMap<number, string>;
}

const joined = (labels: string[]) =>
  labels.length > 0 ? labels.join(", ") : <span className="muted">none</span>;

export function subscriberColumns(context: ColumnContext) {
  return column.columns([
    column.accessor((row) => row.id, {
      id: "person",
      header: "Person",
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
      cell: ({ getValue }) => {
        const value = getValue();
        return value === undefined ? <span className="muted">none</span> : String(value);
      },
    }),
    column.accessor((row) => row.id, { id: "recordId", header: "Record id" }),
    column.accessor((row) => row.date, {
      id: "date",
      // The API's date-times carry no zone: the header says which one they are in.
      header: `Date (${context.timeZone})`,
    }),
    column.accessor((row) => row.status, {
      id: "status",
      header: "Status",
      cell: ({ getValue }) => statusLabel(getValue(), i18n),
    }),
    // Names are looked up as the cell is drawn: the table caches accessor values per row, and
    // the names arrive after the rows.
    column.accessor((row) => row.subscriptions, {
      id: "subscriptions",
      header: "Subscriptions",
      cell: ({ getValue }) => joined(subscriptionNames(getValue(), context.subscriptionNames)),
    }),
    column.accessor((row) => utmLabels(row.utms), {
      id: "utms",
      header: "UTM",
      cell: ({ getValue }) => joined(getValue()),
    }),
    column.accessor((row) => row.vars.length, { id: "variables", header: "Variables" }),
  ]);
}
