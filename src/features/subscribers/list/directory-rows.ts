import type { Subscriber } from "@/contract/entities";
import type { DirectoryPersonBrief } from "@/contract/directory";
import type { UserIdField } from "@/lib/subscriber-format";

/**
 * A directory person as a row of the subscribers table. The directory's list carries no UTM
 * tags or variables (the person view has them): those columns are hidden in this source, so
 * the empty arrays are never shown as "none".
 */
export function directoryRow(person: DirectoryPersonBrief, field: UserIdField): Subscriber {
  return {
    id: person.record_id,
    date: person.date,
    status: person.status,
    [field]: person.user_id,
    first_name: person.first_name,
    last_name: person.last_name,
    photo: person.photo,
    ignore: person.ignore,
    subscriptions: person.subscriptions,
    utms: [],
    vars: [],
  };
}

/** Columns the directory's rows cannot fill. */
export const API_ONLY_COLUMNS = ["utms", "variables"] as const;
