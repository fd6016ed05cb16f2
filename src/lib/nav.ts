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

/**
 * Whether a navigation link's page is the one open: its path, whole (as NavLink's `end`),
 * whatever the case of the letters or a slash at the end. The navigation's links work this out
 * themselves rather than through React Router's NavLink, which parses a URL for each of them on
 * every render of the frame (issue 15: most of the router's share of a page's first render).
 */
export function isCurrentPage(pathname: string, path: string): boolean {
  const bare = (value: string) => value.toLowerCase().replace(/\/+$/, "");
  return bare(pathname) === bare(path);
}
