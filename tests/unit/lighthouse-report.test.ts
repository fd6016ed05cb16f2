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

  it("fills in the channel and each parameter, and skips a route whose parameter is unknown", () => {
    const withPerson = [
      ...routes,
      { name: "person", path: "/c/:groupId/people/:userId", module: "@/features/person" },
    ];
    expect(auditedRoutes(withPerson, 1001, { recordId: "7", userId: "6119794215" })).toEqual({
      audited: [
        { name: "channel", path: "/c/1001" },
        { name: "subscriber", path: "/c/1001/subscribers/7" },
        { name: "sign-in", path: "/sign-in" },
        { name: "person", path: "/c/1001/people/6119794215" },
      ],
      skipped: [],
    });
    const { audited, skipped } = auditedRoutes(withPerson, 1001, { recordId: undefined });
    expect(audited.map((route) => route.name)).toEqual(["channel", "sign-in"]);
    expect(skipped).toEqual([
      { name: "subscriber", path: "/c/:groupId/subscribers/:recordId" },
      { name: "person", path: "/c/:groupId/people/:userId" },
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
