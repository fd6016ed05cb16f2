/**
 * Pure part of `npm run bench:lighthouse`: the URLs to audit, read from the same route list as
 * bench:bundle, and the table of scores.
 */
import type { RouteSource } from "./bundle-report";

export type Preset = "mobile" | "desktop";
export const CATEGORIES = ["performance", "accessibility", "best-practices"] as const;
export type Category = (typeof CATEGORIES)[number];

/** Issue 15's targets, as Lighthouse scores (0..100). */
export const TARGETS: Readonly<Record<Preset, Readonly<Record<Category, number>>>> = {
  mobile: { performance: 90, accessibility: 100, "best-practices": 100 },
  desktop: { performance: 100, accessibility: 100, "best-practices": 100 },
};

export interface AuditedRoute {
  name: string;
  /** Path and query, without the origin. */
  path: string;
}

/**
 * The concrete path of each route for one channel: `:groupId` becomes the channel, and every
 * other parameter (`:recordId`, `:userId`, `:subscriptionId`, `:jobId`) the value given for it.
 * A route with a parameter left unknown is skipped, and listed in `skipped` (its path as
 * written, with the parameters).
 */
export function auditedRoutes(
  routes: readonly RouteSource[],
  groupId: number,
  params: Readonly<Record<string, string | undefined>>,
): { audited: AuditedRoute[]; skipped: AuditedRoute[] } {
  const audited: AuditedRoute[] = [];
  const skipped: AuditedRoute[] = [];
  for (const route of routes) {
    const path = route.path
      .replace(":groupId", String(groupId))
      .replace(/:([A-Za-z]+)/g, (whole, name: string) => {
        const value = params[name];
        return value === undefined ? whole : encodeURIComponent(value);
      });
    if (path.includes(":")) skipped.push({ name: route.name, path: route.path });
    else audited.push({ name: route.name, path });
  }
  return { audited, skipped };
}

export interface ScoreRow {
  route: string;
  preset: Preset;
  /** 0..100, or null when Lighthouse could not score the category. */
  scores: Readonly<Record<Category, number | null>>;
}

/** A score against its target: `95`, or `85 ✗` when under it, `–` when not scored. */
export function scoreCell(score: number | null, target: number): string {
  if (score === null) return "–";
  return score >= target ? String(score) : `${String(score)} ✗`;
}

/** The scores as a Markdown table, a row per route and preset. */
export function scoreTable(rows: readonly ScoreRow[]): string {
  const header = ["route", "preset", "performance", "accessibility", "best practices"];
  const body = rows.map((row) => [
    row.route,
    row.preset,
    ...CATEGORIES.map((category) => scoreCell(row.scores[category], TARGETS[row.preset][category])),
  ]);
  const widths = header.map((cell, i) =>
    Math.max(cell.length, ...body.map((line) => (line[i] ?? "").length)),
  );
  const line = (cells: readonly string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  return [line(header), line(widths.map((w) => "-".repeat(w))), ...body.map(line)].join("\n");
}
