import { useLingui } from "@lingui/react";
import { NavLink } from "react-router";
import type { Role } from "@/contract/roles";
import { visiblePages } from "@/lib/nav";
import { pages } from "./pages";

/** Links to the pages of the current channel that the role may use. */
export function PageNav({ role, groupId }: { role: Role; groupId: number | undefined }) {
  const { i18n } = useLingui();
  if (groupId === undefined) return <ul />;
  return (
    <ul>
      {visiblePages(
        pages.filter((page) => page.inNav !== false),
        role,
      ).map((page) => (
        <li key={page.id}>
          <NavLink to={page.path(groupId)} end>
            {i18n._(page.label)}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
