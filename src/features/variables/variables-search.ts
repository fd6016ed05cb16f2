import { searchField, searchSchema } from "@/lib/url-state";

/** `?user=` the person, `?record=` their subscriber record when opened from their panel. */
export const variablesSearch = searchSchema({
  user: searchField.int(0, 1),
  record: searchField.int(0, 1),
});
