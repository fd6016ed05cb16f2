import { describe, expect, it } from "vitest";
import { auditedRoutes, scoreCell, scoreTable } from "../../bench/lighthouse-report";

describe("bench:lighthouse's report", () => {
  const routes = [
    { name: "channel", path: "/c/:groupId", module: "@/features/channel/channel-page" },
    {
      name: "subscriber",
      path: "/c/:groupId/subscribers/:recordId",
      module: "@/features/subscribers/panel/subscriber-page",
    },
    { name: "sign-in", path: "/sign-in", module: "@/features/session/sign-in-page" },
  ];

  it("fills in the channel and the record, and skips a route whose record is unknown", () => {
    expect(auditedRoutes(routes, 1001, "7")).toEqual([
      { name: "channel", path: "/c/1001" },
      { name: "subscriber", path: "/c/1001/subscribers/7" },
      { name: "sign-in", path: "/sign-in" },
    ]);
    expect(auditedRoutes(routes, 1001, undefined).map((route) => route.name)).toEqual([
      "channel",
      "sign-in",
    ]);
  });

  it("marks a score under its target, and a category not scored", () => {
    expect(scoreCell(100, 100)).toBe("100");
    expect(scoreCell(89, 90)).toBe("89 ✗");
    expect(scoreCell(null, 90)).toBe("–");
  });

  it("writes a Markdown table with a row per route and preset", () => {
    const table = scoreTable([
      {
        route: "/sign-in",
        preset: "mobile",
        scores: { performance: 95, accessibility: 100, "best-practices": 96 },
      },
      {
        route: "/sign-in",
        preset: "desktop",
        scores: { performance: 99, accessibility: null, "best-practices": 100 },
      },
    ]);
    expect(table.split("\n")).toEqual([
      "| route    | preset  | performance | accessibility | best practices |",
      "| -------- | ------- | ----------- | ------------- | -------------- |",
      "| /sign-in | mobile  | 95          | 100           | 96 ✗           |",
      "| /sign-in | desktop | 99 ✗        | –             | 100            |",
    ]);
  });
});
