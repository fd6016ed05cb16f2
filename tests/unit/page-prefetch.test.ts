import { i18n } from "@lingui/core";
import { QueryClient } from "@tanstack/react-query";
import { directoryKeys } from "@/api/query-keys";
import { createDirectoryApi } from "@/api/directory/directory-client";
import { createQueryClient } from "@/api/query-client";
import { viewKeys } from "@/api/views/view-queries";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Api } from "../../src/api/api-context";
import type { Call } from "../../src/api/client";
import type { PageVisit } from "../../src/api/page-visit";
import { sessionKeys } from "../../src/api/query-keys";
import type { SessionApi } from "../../src/api/session";
import {
  FIRST_SCREEN_WAIT_MS,
  mayOpen,
  pageLoader,
  sessionLoader,
  startPage,
} from "../../src/app/page-loader";
import { pages } from "../../src/app/pages";
import type { SessionResponse } from "../../src/contract/session";
import { prefetchDeliveries } from "../../src/features/deliveries/prefetch";
import {
  prefetchCount,
  prefetchManage,
  prefetchSubscriber,
  prefetchSubscribers,
} from "../../src/features/subscribers/prefetch";
import { prefetchPerson } from "../../src/features/variables/person/prefetch";
import { prefetchVariables } from "../../src/features/variables/prefetch";

interface Sent {
  operation: string;
  params: unknown;
  groupId: number;
}

const session: SessionResponse = {
  username: "anna",
  role: "support",
  channels: [{ group_id: 1001, name: "Coffee Club", type_name: "VK", time_zone: "UTC" }],
};

/** A gateway that records each call and never answers: what was started is what counts. */
function recorder() {
  const sent: Sent[] = [];
  const call = ((operation, params, options) => {
    sent.push({ operation, params, groupId: options.groupId });
    return new Promise(() => undefined);
  }) as Call;
  return { sent, call };
}

function visit(call: Call, search: string, params: Record<string, string> = {}): PageVisit {
  return {
    queryClient: new QueryClient(),
    call,
    directory: createDirectoryApi({ fetch: () => new Promise(() => undefined) }),
    gateway: () => new Promise(() => undefined),
    groupId: 1001,
    params: { groupId: "1001", ...params },
    search: new URLSearchParams(search),
    session: () => Promise.resolve(session),
  };
}

const page = (id: string) => {
  const found = pages.find((entry) => entry.id === id);
  if (!found) throw new Error(`no page ${id}`);
  return found;
};

const keysOf = (at: PageVisit) =>
  at.queryClient
    .getQueryCache()
    .findAll()
    .map((query) => query.queryKey);

describe("the subscribers list's first data, from the URL", () => {
  it("is the directory's status and first page (newest first, 20) and the names by default", () => {
    const { sent, call } = recorder();
    const at = visit(call, "");
    void prefetchSubscribers(at);
    // The list the page shows once the directory is ready, not an API page it would throw away.
    expect(sent).toEqual([
      { operation: "subscriptions/get", params: { offset: 0, count: 100 }, groupId: 1001 },
    ]);
    expect(keysOf(at)).toContainEqual(directoryKeys.status(1001));
    expect(keysOf(at)).toContainEqual(
      directoryKeys.people(1001, { sort: "date", order: "desc", q: "", limit: 20 }),
    );
    // The saved views, which the page's sub-heading and toolbar show.
    expect(keysOf(at)).toContainEqual(viewKeys.channel(1001));
  });

  it("asks the directory for the URL's order, filter, size and cursor", () => {
    const { call } = recorder();
    const at = visit(call, "order=name-asc&q=%D0%BF%D0%B5%D1%82&size=50");
    void prefetchSubscribers(at);
    expect(keysOf(at)).toContainEqual(
      directoryKeys.people(1001, {
        sort: "name",
        order: "asc",
        locale: "en",
        q: "пет",
        limit: 50,
      }),
    );
  });

  it("asks for the list by name in the collation of the language shown", () => {
    const before = i18n.locale;
    i18n.load("ru", {});
    i18n.activate("ru");
    try {
      const { call } = recorder();
      const at = visit(call, "order=name-desc");
      void prefetchSubscribers(at);
      expect(keysOf(at)).toContainEqual(
        directoryKeys.people(1001, { sort: "name", order: "desc", locale: "ru", q: "", limit: 20 }),
      );
    } finally {
      if (before) i18n.activate(before);
    }
  });

  it("is the API's page after the last cursor of the stack, in the URL's page size", () => {
    const { sent, call } = recorder();
    void prefetchSubscribers(visit(call, "source=api&size=50&after=120&after=170"));
    expect(sent[0]).toEqual({
      operation: "subscribers/get",
      params: { count: 50, offset_id: "170" },
      groupId: 1001,
    });
  });

  it("falls back to the first page of 20 for a hand-edited size, as the page does", () => {
    const { sent, call } = recorder();
    void prefetchSubscribers(visit(call, "source=api&size=7"));
    expect(sent[0]).toEqual({ operation: "subscribers/get", params: { count: 20 }, groupId: 1001 });
  });

  it("leaves the load-more list to the page (its query is forgotten when unseen)", () => {
    const { sent, call } = recorder();
    void prefetchSubscribers(visit(call, "source=api&mode=more"));
    expect(sent.map((item) => item.operation)).toEqual(["subscriptions/get"]);
  });

  it("with a segment in the URL: its filtered page, and the lists the chips name it by", () => {
    // A shared link or a saved view opens on chips that say "did not read: “Friday mailing”":
    // the mailings and bots come with the page rather than after the builder mounts (until
    // then the chips say "#12").
    const { sent, call } = recorder();
    void prefetchSubscribers(visit(call, "subscription_id=5&ignore_read_delivery_id=1&bot_id=3"));
    expect(sent.map((item) => item.operation).sort()).toEqual([
      "bots/get",
      "deliveries/get",
      "subscribers/get",
      "subscriptions/get",
    ]);
    expect(sent.find((item) => item.operation === "subscribers/get")?.params).toMatchObject({
      count: 20,
      subscription_id: [5],
      ignore_read_delivery_id: [1],
      bot_id: 3,
    });
  });

  it("with a segment: the directory's status line above it, not its count", () => {
    // The status line stands above the rows: arriving after the first render, it moved the
    // whole list down (50 px at 1350 px wide, 150 px on a phone). The directory's count of
    // the segment may hold the gateway for seconds (a scan of memberships): not before the rows.
    const { call } = recorder();
    const at = visit(call, "subscription_id=5");
    void prefetchSubscribers(at);
    expect(keysOf(at)).toContainEqual(directoryKeys.status(1001));
    expect(keysOf(at).some((key) => key[0] === "directory-count")).toBe(false);
  });

  it("starts under the keys the list reads, so the page finds them in the cache", () => {
    const { call } = recorder();
    const at = visit(call, "source=api&after=170");
    void prefetchSubscribers(at);
    expect(keysOf(at)).toContainEqual([
      "api",
      1001,
      "subscribers",
      "get",
      { count: 20, offset_id: "170" },
    ]);
  });
});

describe("the other subscribers pages' first data", () => {
  it("counts with the URL's filters", () => {
    const { sent, call } = recorder();
    void prefetchCount(visit(call, ""));
    expect(sent.map((item) => item.operation)).toEqual([
      "subscribers/subscribersCount",
      "subscriptions/get",
      "utms/get",
      "bots/get",
    ]);
  });

  it("asks for the panel's record, and for none when the id is no record id", () => {
    const first = recorder();
    void prefetchSubscriber(visit(first.call, "", { recordId: "42" }));
    expect(first.sent[0]).toEqual({
      operation: "subscribers/get",
      params: { count: 1, offset_id: "41" },
      groupId: 1001,
    });
    const second = recorder();
    void prefetchSubscriber(visit(second.call, "", { recordId: "x" }));
    expect(second.sent.map((item) => item.operation)).not.toContain("subscribers/get");
  });
});

/** Whether a promise has settled by the time the queue of microtasks has run. */
async function settled(promise: Promise<unknown>): Promise<boolean> {
  let done = false;
  void promise.then(() => (done = true));
  await new Promise((resolve) => setTimeout(resolve, 0));
  return done;
}

describe("what the pages' first screens wait for", () => {
  it("adding or removing asks for the subscriptions and tags, and waits for the directory's status", async () => {
    const { sent, call } = recorder();
    const at = visit(call, "");
    const firstScreen = prefetchManage(at);
    expect(sent.map((item) => item.operation)).toEqual(["subscriptions/get", "utms/get"]);
    expect(keysOf(at)).toContainEqual(directoryKeys.status(1001));
    expect(await settled(firstScreen)).toBe(false);
  });

  it("settles once every query it started has, whatever their outcomes", async () => {
    const answers: ((value: unknown) => void)[] = [];
    const fail: ((error: Error) => void)[] = [];
    const call = (() =>
      new Promise<unknown>((resolve, reject) => {
        answers.push(resolve);
        fail.push(reject);
      })) as Call;
    const at = visit(call, "");
    at.directory = createDirectoryApi({
      fetch: () => Promise.resolve(new Response("{}", { status: 503 })),
    });
    const firstScreen = prefetchManage(at);
    expect(answers).toHaveLength(2);
    answers[0]?.([]);
    expect(await settled(firstScreen)).toBe(false);
    fail[1]?.(new Error("the gateway is down"));
    await expect(firstScreen).resolves.toBeUndefined();
  });

  it("the deliveries page waits for the funnel's deliveries, with the URL's type and status", async () => {
    const plain = recorder();
    const layout = prefetchDeliveries(visit(plain.call, ""));
    expect(plain.sent.map((item) => item.operation)).toEqual(["bots/get", "deliveries/get"]);
    expect(plain.sent[1]?.params).toMatchObject({ offset: 0 });
    expect(plain.sent[1]?.params).not.toHaveProperty("type");
    expect(await settled(layout)).toBe(false);

    const filtered = recorder();
    void prefetchDeliveries(visit(filtered.call, "type=once&status=done"));
    const asked = filtered.sent.filter((item) => item.operation === "deliveries/get");
    expect(asked).toHaveLength(2);
    expect(asked[0]?.params).toMatchObject({ type: ["once"], status: ["done"], offset: 0 });
    // The names of every delivery, which the records show whatever the funnel's filter.
    expect(asked[1]?.params).not.toHaveProperty("type");
  });
});

describe("the variables' first data", () => {
  it("waits for the session for the channel's kind of id", async () => {
    const { sent, call } = recorder();
    void prefetchVariables(visit(call, "user=77&record=5"));
    await Promise.resolve();
    await Promise.resolve();
    expect(sent).toEqual([
      { operation: "vars/get", params: { vk_user_id: 77 }, groupId: 1001 },
      { operation: "subscribers/get", params: { count: 1, offset_id: "4" }, groupId: 1001 },
    ]);
  });

  it("asks nothing without a person", async () => {
    const { sent, call } = recorder();
    void prefetchVariables(visit(call, ""));
    await Promise.resolve();
    expect(sent).toEqual([]);
  });
});

describe("a person's first data", () => {
  /** The directory's reading of person 77, as if it had answered before. */
  const known = (at: PageVisit) => {
    at.queryClient.setQueryData(directoryKeys.personRead(1001, 77, false), {
      success: true,
      person: { user_id: 77 },
    });
    return at;
  };

  it("is the directory's reading, the names its tables show, then the variables", async () => {
    const { sent, call } = recorder();
    const at = visit(call, "", { userId: "77" });
    void prefetchPerson(at);
    expect(keysOf(at)).toContainEqual(directoryKeys.personRead(1001, 77, false));
    // The subscriptions' and tags' names: without them the tables showed «#3» for a moment.
    expect(sent).toEqual([
      { operation: "subscriptions/get", params: { offset: 0, count: 100 }, groupId: 1001 },
      { operation: "utms/get", params: { offset: 0, count: 100 }, groupId: 1001 },
    ]);
    // The directory has not answered: no variables yet.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent).toHaveLength(2);
  });

  it("asks for the variables once the directory knows the person, by the channel's kind of id", async () => {
    const { sent, call } = recorder();
    void prefetchPerson(known(visit(call, "", { userId: "77" })));
    await vi.waitFor(() => {
      expect(sent).toContainEqual({
        operation: "vars/get",
        params: { vk_user_id: 77 },
        groupId: 1001,
      });
    });
    expect(sent).toHaveLength(3);
  });

  it("asks the service nothing more for someone the directory does not know", async () => {
    const { sent, call } = recorder();
    const at = {
      ...visit(call, "", { userId: "77" }),
      directory: createDirectoryApi({
        fetch: () =>
          Promise.resolve(
            Response.json(
              { success: false, error_code: 404, error_message: "unknown" },
              { status: 404 },
            ),
          ),
      }),
    };
    const settled = prefetchPerson(at);
    expect(settled).toBeDefined();
    // The names' calls never answer here: wait for the directory's answer and the session.
    await vi.waitFor(() => {
      expect(at.queryClient.getQueryState(directoryKeys.personRead(1001, 77, false))?.status).toBe(
        "error",
      );
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.map((request) => request.operation)).toEqual(["subscriptions/get", "utms/get"]);
  });

  it("reads the service's record with ?read=1", () => {
    const { call } = recorder();
    const at = visit(call, "read=1", { userId: "77" });
    void prefetchPerson(at);
    expect(keysOf(at)).toContainEqual(directoryKeys.personRead(1001, 77, true));
  });

  it("asks for no variables for a role that may not read them", async () => {
    const { sent, call } = recorder();
    const at = {
      ...known(visit(call, "", { userId: "77" })),
      session: () => Promise.resolve({ ...session, role: "marketing" as const }),
    };
    void prefetchPerson(at);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.map((request) => request.operation)).toEqual(["subscriptions/get", "utms/get"]);
  });

  it("asks nothing for a user id that is not one", () => {
    const { sent, call } = recorder();
    const at = visit(call, "", { userId: "0x4d" });
    expect(prefetchPerson(at)).toBeUndefined();
    expect(sent).toEqual([]);
    expect(keysOf(at)).toEqual([]);
  });
});

describe("the page loader", () => {
  function api(call: Call, sessions: { count: number }): Api {
    const sessionApi: SessionApi = {
      getSession: () => {
        sessions.count++;
        return new Promise(() => undefined);
      },
      login: () => Promise.reject(new Error("unused")),
      logout: () => Promise.resolve(),
      reachable: () => Promise.resolve(true),
      saveLocale: () => Promise.resolve(),
    };
    return {
      call,
      session: sessionApi,
      directory: createDirectoryApi({ fetch: () => new Promise(() => undefined) }),
      gateway: () => new Promise(() => undefined),
    };
  }

  it("on a first load starts the session check, and the page's data once it says the page may open", async () => {
    const { sent, call } = recorder();
    const sessions = { count: 0 };
    let answer: (value: SessionResponse | null) => void = () => undefined;
    const base = api(call, sessions);
    const queryClient = new QueryClient();
    void startPage(
      {
        queryClient,
        api: {
          ...base,
          session: {
            ...base.session,
            getSession: () => {
              sessions.count++;
              return new Promise((resolve) => {
                answer = resolve;
              });
            },
          },
        },
      },
      page("subscribers"),
      { groupId: "1001" },
      new URLSearchParams("source=api"),
    );
    expect(sessions.count).toBe(1);
    // Nothing the page would be refused before the session is known (a 401 or 403 in the console).
    expect(sent).toEqual([]);
    answer(session);
    await vi.waitFor(() => {
      expect(sent.map((item) => item.operation)).toEqual(["subscribers/get", "subscriptions/get"]);
    });
  });

  it("on a first load signed out, or refused the page, starts no page data", async () => {
    for (const known of [null, { ...session, role: "marketing" as const }]) {
      const { sent, call } = recorder();
      const base = api(call, { count: 0 });
      const queryClient = new QueryClient();
      const started = startPage(
        {
          queryClient,
          api: { ...base, session: { ...base.session, getSession: () => Promise.resolve(known) } },
        },
        page("subscribers"),
        { groupId: "1001" },
        new URLSearchParams("source=api"),
      );
      await started;
      expect(sent).toEqual([]);
    }
  });

  it("with the session known, starts nothing the channel gate would not show", () => {
    const { sent, call } = recorder();
    const sessions = { count: 0 };
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKeys.current, session);
    const context = { queryClient, api: api(call, sessions) };
    // Not the person's channel; then a page their role (support) may not use.
    void startPage(context, page("subscribers"), { groupId: "4242" }, new URLSearchParams());
    void startPage(context, page("subscribers-manage"), { groupId: "1001" }, new URLSearchParams());
    expect(sent).toEqual([]);
    expect(sessions.count).toBe(0);
    void startPage(
      context,
      page("subscribers"),
      { groupId: "1001" },
      new URLSearchParams("source=api"),
    );
    expect(sent.map((item) => item.operation)).toContain("subscribers/get");
  });

  it("starts no page data once nobody is known to be signed in", () => {
    expect(mayOpen(null, 1001, page("subscribers"))).toBe(false);
    const { sent, call } = recorder();
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKeys.current, null);
    void startPage(
      { queryClient, api: api(call, { count: 0 }) },
      page("channel"),
      { groupId: "1001" },
      new URLSearchParams(),
    );
    expect(sent).toEqual([]);
  });

  describe("waiting for the first screen", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    /**
     * The subscribers route's loader, with a directory whose answers (a failure: any outcome
     * settles a query) and a gateway whose answers wait until told to come.
     */
    function subscribersRoute(search: string) {
      let answer: (status: unknown) => void = () => undefined;
      const answered = new Promise<unknown>((resolve) => {
        answer = resolve;
      });
      const call = (() => answered.then(() => [])) as Call;
      const queryClient = new QueryClient();
      queryClient.setQueryData(sessionKeys.current, { ...session, role: "admin" });
      const directory = createDirectoryApi({
        fetch: async () => {
          await answered;
          return new Response("{}", { status: 503 });
        },
      });
      const loader = pageLoader(
        {
          queryClient,
          api: {
            ...api(call, { count: 0 }),
            directory,
            gateway: () => answered.then(() => new Response("{}", { status: 503 })),
          },
        },
        page("subscribers"),
      );
      const run = () =>
        loader({
          params: { groupId: "1001" },
          request: new Request(`http://app.test/c/1001/subscribers${search}`),
          context: undefined,
          unstable_pattern: "",
        } as unknown as Parameters<typeof loader>[0]);
      return { run, answer };
    }

    it("shows the subscribers list once its status, rows, names and views have answered, even failures", async () => {
      const { run, answer } = subscribersRoute("");
      const shown = run();
      expect(shown).toBeInstanceOf(Promise);
      let settled = false;
      void Promise.resolve(shown).then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      answer(undefined);
      await expect(shown).resolves.toBeNull();
    });

    it("never waits longer than FIRST_SCREEN_WAIT_MS, whatever the list's source", async () => {
      vi.useFakeTimers();
      for (const search of ["", "?source=api"]) {
        const shown = subscribersRoute(search).run();
        expect(shown).toBeInstanceOf(Promise);
        await vi.advanceTimersByTimeAsync(FIRST_SCREEN_WAIT_MS - 1);
        const waiting = Promise.resolve("waiting");
        expect(await Promise.race([Promise.resolve(shown), waiting])).toBe("waiting");
        await vi.advanceTimersByTimeAsync(1);
        await expect(shown).resolves.toBeNull();
      }
    });
  });

  it("starts the navigation's pinned views with every page of a channel whose role may list people", () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(sessionKeys.current, session);
    // The channel's page, which asks for no views of its own.
    void startPage(
      { queryClient, api: api(recorder().call, { count: 0 }) },
      page("channel"),
      { groupId: "1001" },
      new URLSearchParams(),
    );
    expect(queryClient.getQueryState(viewKeys.channel(1001))?.fetchStatus).toBe("fetching");
    // The page without a prefetch of its own.
    const bulk = new QueryClient();
    bulk.setQueryData(sessionKeys.current, { ...session, role: "admin" });
    void startPage(
      { queryClient: bulk, api: api(recorder().call, { count: 0 }) },
      page("variables-bulk"),
      { groupId: "1001" },
      new URLSearchParams(),
    );
    expect(bulk.getQueryState(viewKeys.channel(1001))?.fetchStatus).toBe("fetching");
    // Marketing has no subscribers page, so no pinned views either.
    const marketing = new QueryClient();
    marketing.setQueryData(sessionKeys.current, { ...session, role: "marketing" });
    void startPage(
      { queryClient: marketing, api: api(recorder().call, { count: 0 }) },
      page("channel"),
      { groupId: "1001" },
      new URLSearchParams(),
    );
    expect(marketing.getQueryCache().find({ queryKey: viewKeys.channel(1001) })).toBeUndefined();
  });

  it("holds a page one round trip at most for failing views, and not again once they have failed", async () => {
    let asked = 0;
    let answer = (): Promise<Response> => Promise.resolve(new Response("{}", { status: 503 }));
    // The app's client, which tries a 503 again after a second, then two.
    const queryClient = createQueryClient();
    queryClient.setQueryData(sessionKeys.current, { ...session, role: "admin" });
    const loader = pageLoader(
      {
        queryClient,
        api: {
          ...api(recorder().call, { count: 0 }),
          gateway: () => {
            asked++;
            return answer();
          },
        },
      },
      page("variables-bulk"),
    );
    const run = () =>
      Promise.race([
        Promise.resolve(
          loader({
            params: { groupId: "1001" },
            request: new Request("http://app.test/c/1001/variables/bulk"),
            context: undefined,
            unstable_pattern: "",
          } as unknown as Parameters<typeof loader>[0]),
        ).then(() => "shown"),
        new Promise((resolve) => setTimeout(() => resolve("held"), 500)),
      ]);
    // Not tried again with backoff (a second or more) before the page is shown.
    expect(await run()).toBe("shown");
    expect(asked).toBe(1);
    // Once failed, the page is not held for them: asked again, not waited for.
    answer = () => new Promise(() => undefined);
    expect(await run()).toBe("shown");
  });

  it("fetches the pinned views' chunk with the page once a view is pinned, and waits for it", async () => {
    const { loadedPinnedViews } = await import("../../src/app/pinned-views-chunk");
    const view = { view_id: 1, name: "VIP", search: "", shared: false, owner: "anna", mine: true };
    const routeWith = async (pinned: boolean) => {
      const queryClient = new QueryClient();
      queryClient.setQueryData(sessionKeys.current, { ...session, role: "admin" });
      queryClient.setQueryData(viewKeys.channel(1001), [{ ...view, pinned }]);
      // The page without data of its own: what is waited for is the navigation's.
      await startPage(
        { queryClient, api: api(recorder().call, { count: 0 }) },
        page("variables-bulk"),
        { groupId: "1001" },
        new URLSearchParams(),
      );
    };
    // Nobody else's first load takes the chunk before the page's rows.
    await routeWith(false);
    expect(loadedPinnedViews()).toBeUndefined();
    await routeWith(true);
    expect(loadedPinnedViews()).toBeTypeOf("function");
  });

  it("sends a person from / on to their first channel before anything is drawn", async () => {
    const cases: [SessionResponse | null, string | null][] = [
      [session, "/c/1001"],
      [{ ...session, channels: [] }, null],
      [null, null],
    ];
    for (const [answer, location] of cases) {
      const base = api(recorder().call, { count: 0 });
      const loader = sessionLoader({
        queryClient: new QueryClient(),
        api: { ...base, session: { ...base.session, getSession: () => Promise.resolve(answer) } },
      });
      const result = await loader();
      expect(result === null ? null : result.headers.get("Location")).toBe(location);
      // Replacing `/` in the history: Back does not land on it and come straight back.
      if (result !== null) expect(result.headers.get("X-Remix-Replace")).toBe("true");
    }
  });

  it("starts nothing for a malformed channel id", () => {
    const { sent, call } = recorder();
    void startPage(
      { queryClient: new QueryClient(), api: api(call, { count: 0 }) },
      page("channel"),
      { groupId: "01" },
      new URLSearchParams(),
    );
    expect(sent).toEqual([]);
  });
});
