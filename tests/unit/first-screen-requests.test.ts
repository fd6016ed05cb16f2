import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi } from "../../src/api/api-context";
import { startPage } from "../../src/app/page-loader";
import { pages } from "../../src/app/pages";
import { forgetEarly, sendEarly, takeEarly } from "../../src/boot/early-fetch";
import { contractSchemas } from "../../src/api/contract-schemas";
import {
  earlyRequestsFor,
  type EarlyRequest,
  firstScreenRequests,
  sessionRequest,
} from "../../src/boot/first-screen-requests";
import type { SessionResponse } from "../../src/contract/session";

const session: SessionResponse = {
  username: "anna",
  role: "admin",
  channels: [{ group_id: 1001, name: "Coffee Club", type_name: "VK", time_zone: "UTC" }],
};

interface Asked {
  url: string;
  init: RequestInit;
}

/**
 * The page's real first screen (the route loader's startPage, the app's own clients) against a
 * gateway that records each request: the session is answered, the rest never is (what was
 * asked is what counts).
 */
async function askedByTheApp(
  pageId: string,
  url: URL,
  expected: number,
  person: SessionResponse,
): Promise<Asked[]> {
  const asked: Asked[] = [];
  const fetch: typeof globalThis.fetch = (input, init = {}) => {
    asked.push({ url: typeof input === "string" ? input : "not a string", init });
    if (input === "/auth/session") {
      return Promise.resolve(
        new Response(JSON.stringify(person), { headers: { "Content-Type": "application/json" } }),
      );
    }
    return new Promise(() => undefined);
  };
  const api = createApi({ fetch });
  const page = pages.find((entry) => entry.id === pageId);
  if (!page) throw new Error(`no page ${pageId}`);
  void startPage(
    { queryClient: new QueryClient(), api },
    page,
    { groupId: url.pathname.split("/")[2] },
    url.searchParams,
  );
  // Every request is out once the session has answered and the contract's chunk is in; then
  // a few turns of the event loop for any that would come after them.
  await contractSchemas();
  await vi.waitFor(
    () => {
      expect(asked.length).toBeGreaterThanOrEqual(expected);
    },
    { timeout: 10_000 },
  );
  for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
  return asked;
}

/** Sends the early requests to nowhere, and hands over to the app's what matches, as in the page. */
function handOver(early: readonly EarlyRequest[], asked: readonly Asked[]) {
  forgetEarly();
  const never = () => new Promise<Response>(() => undefined);
  for (const request of early) void sendEarly(request, never, 0);
  const notTaken = asked.filter((request) => takeEarly(request.url, request.init, 1) === undefined);
  const leftOver = early.filter(
    (request) => takeEarly(request.url, { ...request }, 1) !== undefined,
  );
  return { notTaken: notTaken.map((request) => request.url), leftOver };
}

afterEach(() => {
  forgetEarly();
});

describe("the first screen's requests told from the URL", () => {
  it.each([
    ["subscribers", "/c/1001/subscribers", "admin"],
    ["subscribers", "/c/1001/subscribers?cols=photo", "support"],
    ["channel", "/c/1001", "admin"],
    ["channel", "/c/1001", "marketing"],
    ["subscriptions", "/c/1001/subscriptions", "marketing"],
    ["subscriptions", "/c/1001/subscriptions?period=7d&page=3", "admin"],
    ["utm", "/c/1001/utm", "marketing"],
    ["utm", "/c/1001/utm?period=7d", "admin"],
  ] as const)(
    "are exactly what the %s page's first screen asks for (%s, %s)",
    async (pageId, path, role) => {
      const person = { ...session, role };
      const url = new URL(path, "http://desk.test");
      const screen = firstScreenRequests(url.pathname, url.searchParams);
      if (!screen) throw new Error(`no early requests for ${path}`);
      const early = [sessionRequest, ...earlyRequestsFor(person, screen)];
      // The session, then the page's requests; the navigation's saved views among them, for
      // whoever may list people (marketing may not: no subscribers page, no pinned views).
      const mayListPeople = role !== "marketing";
      const views = screen.requests.filter((request) => request.url === "/views/1001");
      expect(views).toHaveLength(1);
      expect(early.length).toBe(1 + screen.requests.length - (mayListPeople ? 0 : views.length));
      expect(early.some((request) => request.url === "/views/1001")).toBe(mayListPeople);
      const asked = await askedByTheApp(pageId, url, early.length, person);
      expect(asked.length).toBe(early.length);
      expect(handOver(early, asked)).toEqual({ notTaken: [], leftOver: [] });
    },
  );

  it("leave the list to the app when its URL chooses anything of it", () => {
    for (const search of [
      "size=50",
      "order=name-asc",
      "q=anna",
      "source=api",
      "subscription_id=3",
    ]) {
      expect(firstScreenRequests("/c/1001/subscribers", new URLSearchParams(search))).toBe(
        undefined,
      );
    }
    expect(firstScreenRequests("/c/1001/variables", new URLSearchParams())).toBe(undefined);
    expect(firstScreenRequests("/c/1001/utm/tags", new URLSearchParams())).toBe(undefined);
    expect(firstScreenRequests("/sign-in", new URLSearchParams())).toBe(undefined);
    expect(firstScreenRequests("/c/abc/subscribers", new URLSearchParams())).toBe(undefined);
  });

  it("go out only for a signed-in person of the channel whose role may open the page", () => {
    const screen = firstScreenRequests("/c/1001/subscribers", new URLSearchParams());
    if (!screen) throw new Error("no early requests");
    expect(earlyRequestsFor(session, screen)).toHaveLength(4);
    // Marketing may not list people: the page is refused, nothing is asked for.
    expect(earlyRequestsFor({ ...session, role: "marketing" }, screen)).toEqual([]);
    expect(earlyRequestsFor({ ...session, channels: [] }, screen)).toEqual([]);
    expect(earlyRequestsFor({ success: false, signed_in: false }, screen)).toEqual([]);
    expect(earlyRequestsFor(null, screen)).toEqual([]);
    // Support may not read the UTM page's counts: its names are not asked for either.
    const utm = firstScreenRequests("/c/1001/utm", new URLSearchParams());
    if (!utm) throw new Error("no early requests for the UTM page");
    expect(earlyRequestsFor({ ...session, role: "marketing" }, utm)).toHaveLength(2);
    expect(earlyRequestsFor({ ...session, role: "support" }, utm)).toEqual([]);
  });

  it("leave out a request the role may not make, though it may open the page", () => {
    const screen = {
      groupId: 1001,
      operation: "groups/get" as const,
      requests: [
        { ...sessionRequest, needs: "groups/get" as const },
        { ...sessionRequest, url: "/api/vars/get", needs: "vars/get" as const },
      ],
    };
    expect(earlyRequestsFor({ ...session, role: "marketing" }, screen).map((r) => r.url)).toEqual([
      "/auth/session",
    ]);
  });
});
