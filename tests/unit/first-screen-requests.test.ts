import { QueryClient } from "@tanstack/react-query";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createApi } from "../../src/api/api-context";
import { startPage } from "../../src/app/page-loader";
import { pages } from "../../src/app/pages";
import { forgetEarly, sendEarly, takeEarly } from "../../src/boot/early-fetch";
import {
  type FirstScreen,
  firstScreenRequests,
  mayAskEarly,
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
async function askedByTheApp(pageId: string, url: URL, expected: number): Promise<Asked[]> {
  const asked: Asked[] = [];
  const fetch: typeof globalThis.fetch = (input, init = {}) => {
    asked.push({ url: typeof input === "string" ? input : "not a string", init });
    if (input === "/auth/session") {
      return Promise.resolve(
        new Response(JSON.stringify(session), { headers: { "Content-Type": "application/json" } }),
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
  // Every request is out once the session has answered and the contract's chunk is in.
  await vi.waitFor(
    () => {
      expect(asked.length).toBeGreaterThanOrEqual(expected);
    },
    { timeout: 10_000 },
  );
  await new Promise((resolve) => setTimeout(resolve, 50));
  return asked;
}

/** Sends the early requests to nowhere, and hands over to the app's what matches, as in the page. */
function handOver(screen: FirstScreen, asked: readonly Asked[]) {
  forgetEarly();
  const never = () => new Promise<Response>(() => undefined);
  for (const request of [sessionRequest, ...screen.requests]) void sendEarly(request, never, 0);
  const notTaken = asked.filter((request) => takeEarly(request.url, request.init, 1) === undefined);
  const leftOver = [sessionRequest, ...screen.requests].filter(
    (request) => takeEarly(request.url, { ...request }, 1) !== undefined,
  );
  return { notTaken: notTaken.map((request) => request.url), leftOver };
}

afterEach(() => {
  forgetEarly();
});

describe("the first screen's requests told from the URL", () => {
  it.each([
    ["subscribers", "/c/1001/subscribers"],
    ["subscribers", "/c/1001/subscribers?cols=photo"],
    ["channel", "/c/1001"],
  ])("are exactly what the %s page's first screen asks for (%s)", async (pageId, path) => {
    const url = new URL(path, "http://desk.test");
    const screen = firstScreenRequests(url.pathname, url.searchParams);
    if (!screen) throw new Error(`no early requests for ${path}`);
    const asked = await askedByTheApp(pageId, url, screen.requests.length + 1);
    expect(asked.length).toBe(screen.requests.length + 1);
    expect(handOver(screen, asked)).toEqual({ notTaken: [], leftOver: [] });
  });

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
    expect(firstScreenRequests("/sign-in", new URLSearchParams())).toBe(undefined);
    expect(firstScreenRequests("/c/abc/subscribers", new URLSearchParams())).toBe(undefined);
  });

  it("go out only for a signed-in person of the channel whose role may open the page", () => {
    const screen = firstScreenRequests("/c/1001/subscribers", new URLSearchParams());
    if (!screen) throw new Error("no early requests");
    expect(mayAskEarly(session, screen)).toBe(true);
    expect(mayAskEarly({ ...session, role: "marketing" }, screen)).toBe(false);
    expect(mayAskEarly({ ...session, channels: [] }, screen)).toBe(false);
    expect(mayAskEarly({ success: false, signed_in: false }, screen)).toBe(false);
    expect(mayAskEarly(null, screen)).toBe(false);
  });
});
