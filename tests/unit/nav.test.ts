import { describe, expect, it } from "vitest";
import { operations } from "../../src/contract/operations";
import { roles } from "../../src/contract/roles";
import { isCurrentPage, visiblePages, type NavPage } from "../../src/lib/nav";
import { pages } from "../../src/app/pages";

const registry = [
  { id: "channel", operation: "groups/get" },
  { id: "subscribers", operation: "subscribers/get" },
  { id: "variables", operation: "vars/set" },
  { id: "statistics", operation: "subscribers/statCount" },
  { id: "utm", operation: "utms/statCount" },
  { id: "deliveries", operation: "deliveries/stat" },
  { id: "add", operation: "subscribers/add" },
] as const satisfies readonly (NavPage & { id: string })[];

const ids = (role: (typeof roles)[number]) => visiblePages(registry, role).map((page) => page.id);

describe("visiblePages", () => {
  it("shows an administrator every page, in the registry's order", () => {
    expect(ids("admin")).toEqual(registry.map((page) => page.id));
  });

  it("shows marketing staff charts and statistics, not subscribers or variables", () => {
    expect(ids("marketing")).toEqual(["channel", "statistics", "utm", "deliveries"]);
  });

  it("shows support staff subscribers and variables, not statistics or writes they lack", () => {
    expect(ids("support")).toEqual(["channel", "subscribers", "variables"]);
  });

  it("returns nothing for an empty registry", () => {
    expect(visiblePages([], "admin")).toEqual([]);
  });
});

describe("the page registry", () => {
  it("lists only pages that exist, each with a contract operation and a unique path", () => {
    expect(pages[0]?.id).toBe("channel");
    for (const page of pages) expect(Object.keys(operations)).toContain(page.operation);
    const paths = pages.map((page) => page.path(1001));
    expect(new Set(paths).size).toBe(paths.length);
    expect(pages[0]?.path(1001)).toBe("/c/1001");
  });

  it("gives every role the channel page", () => {
    for (const role of roles) {
      expect(visiblePages(pages, role).map((page) => page.id)).toContain("channel");
    }
  });
});

describe("the navigation's current page", () => {
  it("is the page whose path is the whole path open, whatever the case or a slash at the end", () => {
    expect(isCurrentPage("/c/1001/subscribers", "/c/1001/subscribers")).toBe(true);
    expect(isCurrentPage("/c/1001/subscribers/", "/c/1001/subscribers")).toBe(true);
    expect(isCurrentPage("/C/1001/Subscribers", "/c/1001/subscribers")).toBe(true);
    expect(isCurrentPage("/c/1001", "/c/1001")).toBe(true);
  });

  it("is not a page whose path only begins the one open, nor another channel's", () => {
    // The channel's own page is not current on its subscribers page (NavLink's `end`).
    expect(isCurrentPage("/c/1001/subscribers", "/c/1001")).toBe(false);
    expect(isCurrentPage("/c/1001/subscribers/count", "/c/1001/subscribers")).toBe(false);
    expect(isCurrentPage("/c/1001/subscribersx", "/c/1001/subscribers")).toBe(false);
    expect(isCurrentPage("/c/1002/subscribers", "/c/1001/subscribers")).toBe(false);
  });
});
