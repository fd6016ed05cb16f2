import type { OperationId } from "@/contract/operations";
import { mayCall, type Role } from "@/contract/roles";

export interface NavPage {
  /** The contract operation the page cannot work without. */
  operation: OperationId;
}

/** The pages a role may open, in the registry's order: a page whose operation the role may not
 * call is neither listed nor linked, since the gateway would refuse everything on it. */
export function visiblePages<Page extends NavPage>(pages: readonly Page[], role: Role): Page[] {
  return pages.filter((page) => mayCall(role, page.operation));
}
