import { setupI18n } from "@lingui/core";
import { i18n } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { messages as channelRu } from "../../src/features/channel/locales/ru.po";
import { pinDate, unpinDate } from "../support/clock";
import { Browser } from "../support/gateway";
import { plainSpaces } from "../support/i18n";
import { NOW, seedChannels } from "../support/seed";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { startLiveApp, type LiveApp } from "./live-app";
import { renderApp } from "./render-app";

const LABELS = {
  subscribers: "Subscribers",
  "subscribed-7-days": "Subscribed in the last 7 days",
  "unsubscribed-7-days": "Unsubscribed in the last 7 days",
  "subscribed-30-days": "Subscribed in the last 30 days",
  "unsubscribed-30-days": "Unsubscribed in the last 30 days",
  "delivery-events-7-days": "Delivery events in the last 7 days",
} as const;
type Slug = keyof typeof LABELS;

// The seed's clock: 2026-03-15 15:00 in Moscow. Its last 7 days are 9–15 March there, its last
// 30 days 14 February – 15 March (written out here, not computed, to check the app's periods).
const WEEK = { date_from: "09.03.2026 00:00:00", date_to: "15.03.2026 23:59:59" };
const MONTH = { date_from: "14.02.2026 00:00:00", date_to: "15.03.2026 23:59:59" };

function figure(slug: Slug): HTMLElement {
  return screen.getByTestId(`figure-${slug}`);
}

async function figureValue(slug: Slug): Promise<string> {
  const element = await screen.findByTestId(`figure-${slug}`, {}, WAIT);
  await waitFor(() => {
    expect(element.querySelector(".figure-value")).not.toBeNull();
  }, WAIT);
  return element.querySelector(".figure-value")?.textContent ?? "";
}

// Generous limits: the page's chunk and the live gateway share the machine with other test runs.
const WAIT = { timeout: 15_000 };

describe("the channel's figures against the live gateway", { timeout: 30_000 }, () => {
  let live: LiveApp;
  const expected = {} as Record<Slug, number>;

  beforeAll(async () => {
    live = await startLiveApp();
    // Only Date: the seed's "now", while timers and the gateway's queue keep real time.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW * 1000);

    // What the API itself answers for the same periods, asked through the gateway.
    const admin = new Browser(live.gateway.url);
    await admin.login("admin", "live-test-password");
    const groupId = seedChannels.tg.groupId;
    const count = await admin.call("subscribers/subscribersCount", { group_id: groupId });
    const week = await admin.call("subscribers/statCount", { group_id: groupId, ...WEEK });
    const month = await admin.call("subscribers/statCount", { group_id: groupId, ...MONTH });
    const deliveries = await admin.call("deliveries/statCount", { group_id: groupId, ...WEEK });
    Object.assign(expected, {
      subscribers: count.body.count,
      "subscribed-7-days": week.body.count_subscribe,
      "unsubscribed-7-days": week.body.count_unsubscribe,
      "subscribed-30-days": month.body.count_subscribe,
      "unsubscribed-30-days": month.body.count_unsubscribe,
      "delivery-events-7-days": deliveries.body.count,
    });
  }, 30_000);
  afterAll(async () => {
    vi.useRealTimers();
    await live.close();
  });

  it("asks the API about periods whose counts the seed knows", () => {
    // From seed.ts: 30 people, 29 of whom subscribed to News one per day (n days before NOW,
    // 13:00 in Moscow: days 1..6 are in the last 7 days, all 29 in the last 30), and the five
    // most recent also to Offers, two of whom left it half a day later; 4 bot-step deliveries
    // 5 days ago (the 10 mass ones, 10 days ago, are outside the week).
    expect(expected).toEqual({
      subscribers: 30,
      "subscribed-7-days": 6 + 5,
      "unsubscribed-7-days": 2,
      "subscribed-30-days": 29 + 5,
      "unsubscribed-30-days": 2,
      "delivery-events-7-days": 4,
    });
  });

  it("shows every figure to an administrator, equal to the API's counts", async () => {
    await live.render("/c/1001", "admin");
    for (const slug of Object.keys(LABELS) as Slug[]) {
      expect(await figureValue(slug)).toBe(new Intl.NumberFormat("en-US").format(expected[slug]));
      expect(within(figure(slug)).getByText(LABELS[slug])).toBeTruthy();
    }
    const list = screen.getByRole("heading", { name: "Figures" }).parentElement;
    expect(list?.querySelector("dl")).not.toBeNull();
    // The periods say their days and the channel's zone as people say it, IANA on hover.
    expect(figure("subscribed-7-days").textContent).toMatch(
      /9\s*–\s*15 March 2026, MSK \(UTC\+3\)/,
    );
    expect(figure("subscribed-30-days").textContent).toMatch(
      /14 February\s*–\s*15 March 2026, MSK \(UTC\+3\)/,
    );
    const zone = figure("subscribed-7-days").querySelector(".figure-zone");
    expect(zone?.getAttribute("title")).toBe("Europe/Moscow");
  });

  it("shows support only the subscriber count, which is all its role may call", async () => {
    await live.render("/c/1001", "support");
    expect(await figureValue("subscribers")).toBe(String(expected.subscribers));
    for (const slug of Object.keys(LABELS).filter((slug) => slug !== "subscribers")) {
      expect(screen.queryByTestId(`figure-${slug}`)).toBeNull();
    }
  });

  it("shows marketing every figure", async () => {
    await live.render("/c/1001", "marketing");
    expect(await figureValue("delivery-events-7-days")).toBe(
      String(expected["delivery-events-7-days"]),
    );
    expect(await figureValue("unsubscribed-30-days")).toBe(
      String(expected["unsubscribed-30-days"]),
    );
  });

  it("counts the VK channel's figures in its own zone", async () => {
    await live.render("/c/1002", "admin");
    // Ten people subscribed one per day before NOW: days 1..6 fall in the last 7 days (UTC).
    expect(await figureValue("subscribers")).toBe("10");
    expect(await figureValue("subscribed-7-days")).toBe("6");
    expect(figure("subscribed-7-days").textContent).toContain("15 March 2026, UTC");
  });
});

describe("a figure that fails", { timeout: 30_000 }, () => {
  let stub: HttpStub;
  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(async () => {
    await stub.close();
  });
  afterEach(() => {
    stub.requests.length = 0;
  });

  const session = {
    username: "mia",
    role: "marketing",
    channels: [{ group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: "UTC" }],
  };
  const channel = {
    group_id: "1001",
    name: "Coffee Club",
    type_id: "2",
    type_name: "tg",
    photo: "",
    external_id: "club",
    workspace_id: "1",
  };

  it("shows its own error with a retry while the others show their numbers", async () => {
    const user = userEvent.setup();
    let malformed = true;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/groups/get") json(res, 200, { success: true, item: channel });
      else if (request.url === "/api/subscribers/subscribersCount") {
        json(res, 200, { success: true, count: 5000 });
      } else if (request.url === "/api/subscribers/statCount") {
        json(res, 200, { success: true, count_subscribe: 12, count_unsubscribe: 3 });
      } else if (request.url === "/api/deliveries/statCount") {
        json(
          res,
          200,
          malformed ? { success: true, count: "many" } : { success: true, count: 1234 },
        );
      } else refuse(res, 404, "no");
    });
    renderApp("/c/1001", stub.baseUrl);

    expect(await figureValue("subscribers")).toBe("5,000");
    expect(await figureValue("subscribed-7-days")).toBe("12");
    expect(await figureValue("unsubscribed-30-days")).toBe("3");
    const failed = figure("delivery-events-7-days");
    const alert = await within(failed).findByRole("alert", {}, WAIT);
    expect(alert.textContent).toContain("Could not load “Delivery events in the last 7 days”.");
    // The contract's first mismatch, named in the person's sentence once it has loaded.
    await waitFor(() => {
      expect(alert.textContent).toContain("(at count)");
    });

    malformed = false;
    await user.click(within(failed).getByRole("button", { name: "Retry" }));
    expect(await figureValue("delivery-events-7-days")).toBe("1,234");
    expect(within(failed).queryByRole("alert")).toBeNull();
    // The figure's own period, asked twice (the first answer broken, then the retry); the
    // period before, for the comparison, is asked beside it.
    const deliveryCalls = stub.requests
      .filter((r) => r.url === "/api/deliveries/statCount")
      .map((r) => r.body as { group_id: number; date_to: string });
    const latest = deliveryCalls
      .map((body) => body.date_to)
      .sort()
      .at(-1);
    expect(deliveryCalls.filter((body) => body.date_to === latest)).toHaveLength(2);
    const body = deliveryCalls[0];
    expect(body?.group_id).toBe(1001);
    expect(body?.date_to).toMatch(/ 23:59:59$/u);
  });

  it("reads in Russian: plural days, numbers with spaces, the period and a failure", async () => {
    pinDate("2026-11-24T09:00:00Z");
    try {
      stub.handle((request, res) => {
        if (request.url === "/auth/session") json(res, 200, session);
        else if (request.url === "/api/groups/get") {
          json(res, 200, { success: true, item: channel });
        } else if (request.url === "/api/subscribers/subscribersCount") {
          json(res, 200, { success: true, count: 5000 });
        } else if (request.url === "/api/subscribers/statCount") {
          json(res, 200, { success: true, count_subscribe: 1234, count_unsubscribe: 3 });
        } else if (request.url === "/api/deliveries/statCount") {
          json(res, 200, { success: true, count: "many" });
        } else refuse(res, 404, "no");
      });
      act(() => {
        i18n.activate("ru");
      });
      renderApp("/c/1001", stub.baseUrl);
      expect(await screen.findByRole("heading", { name: "Показатели" }, WAIT)).toBeTruthy();
      expect(plainSpaces(await figureValue("subscribers"))).toBe("5 000");
      expect(plainSpaces(await figureValue("subscribed-7-days"))).toBe("1 234");
      const week = figure("subscribed-7-days");
      expect(within(week).getByText("Подписались за 7 дней")).toBeTruthy();
      expect(plainSpaces(week.textContent)).toContain("18–24 ноября 2026, UTC");
      expect(
        within(figure("unsubscribed-30-days")).getByText("Отписались за 30 дней"),
      ).toBeTruthy();
      const alert = await within(figure("delivery-events-7-days")).findByRole("alert", {}, WAIT);
      expect(alert.textContent).toContain(
        "Не удалось загрузить показатель «События рассылок за 7 дней».",
      );
      expect(within(alert).getByRole("button", { name: "Повторить" })).toBeTruthy();
    } finally {
      unpinDate();
    }
  });

  it("shows a skeleton until its number arrives", async () => {
    let answer: () => void = () => undefined;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/groups/get") json(res, 200, { success: true, item: channel });
      else if (request.url === "/api/subscribers/subscribersCount") {
        answer = () => {
          json(res, 200, { success: true, count: 7 });
        };
      } else json(res, 200, { success: true, count: 1, count_subscribe: 1, count_unsubscribe: 1 });
    });
    renderApp("/c/1001", stub.baseUrl);
    const subscribers = await screen.findByTestId("figure-subscribers", {}, WAIT);
    await waitFor(() => {
      expect(stub.requests.some((r) => r.url === "/api/subscribers/subscribersCount")).toBe(true);
    }, WAIT);
    expect(subscribers.querySelector(".skeleton")).not.toBeNull();
    expect(within(subscribers).getByText("Loading…")).toBeTruthy();
    // The others do not wait for it.
    expect(await figureValue("delivery-events-7-days")).toBe("1");
    answer();
    expect(await figureValue("subscribers")).toBe("7");
    expect(subscribers.querySelector(".skeleton")).toBeNull();
  });
});

describe("the figures' labels in Russian", () => {
  // The catalog's own forms: one, few and many days (the page itself shows 7 and 30).
  const ru = setupI18n({ locale: "ru", messages: { ru: channelRu } });
  const label = (days: number) =>
    ru._(
      msg`${plural(days, { one: "Subscribed in the last # day", other: "Subscribed in the last # days" })}`,
    );

  it.each([
    [1, "Подписались за 1 день"],
    [2, "Подписались за 2 дня"],
    [5, "Подписались за 5 дней"],
    [21, "Подписались за 21 день"],
    [30, "Подписались за 30 дней"],
  ])("says %i days as “%s”", (days, text) => {
    expect(label(days)).toBe(text);
  });
});
