import { i18n } from "@lingui/core";
import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { startLiveApp, type LiveApp } from "./live-app";
import { renderApp } from "./render-app";

const WAIT = { timeout: 5000 };
/** The first render loads the page's lazy chunk, which a busy machine transforms slowly. */
const FIRST_LOAD = { timeout: 15_000 };

/**
 * What the data set of tests/support/seed.ts gives on the Telegram channel: 30 people, every
 * fifth inactive (5, 10 … 30); persons 1–29 in News (1); 1, 4 and 5 in Offers (2); every third
 * of 1–29 tagged "Spring ads" (source instagram), person 1 "Newsletter" (source email);
 * person 2 has been in the Welcome bot (21).
 */
const seed = {
  all: 30,
  news: 29,
  newsActive: 24,
  newsOrOffers: 29,
  offersInactive: 1,
  instagram: 9,
  instagramOrEmail: 10,
  instagramInactive: 1,
  welcomeBot: 1,
};

function figure() {
  return screen.getByRole("status", { name: "Subscribers matching" });
}

async function expectCount(count: number) {
  await waitFor(() => {
    expect(figure().textContent).toBe(String(count));
    expect(figure().getAttribute("aria-busy")).toBe("false");
  }, WAIT);
}

describe("counting subscribers against the local Channel API", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  it("counts everyone, then narrows by subscription and lead status, with the filters in the URL", async () => {
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers/count", "marketing");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Count subscribers" }, FIRST_LOAD),
    ).toBeTruthy();
    await expectCount(seed.all);
    expect(
      screen.getByText("Counting every subscriber of the channel, with no filters."),
    ).toBeTruthy();

    const subscriptions = screen.getByRole("group", { name: "Subscriptions" });
    await user.click(await within(subscriptions).findByRole("checkbox", { name: "News" }, WAIT));
    await expectCount(seed.news);
    expect(router.state.location.search).toBe("?sub=1");

    await user.click(screen.getByRole("radio", { name: "Active (allows messages)" }));
    await expectCount(seed.newsActive);
    expect(router.state.location.search).toBe("?sub=1&lead=active");
    expect(figure().getAttribute("aria-describedby")).toBeTruthy();
    expect(
      screen.getByText("Counting subscribers who are active (allow messages) and are in “News”."),
    ).toBeTruthy();

    await user.click(within(subscriptions).getByRole("checkbox", { name: "Offers" }));
    await user.click(screen.getByRole("radio", { name: "Any" }));
    await expectCount(seed.newsOrOffers);

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await expectCount(seed.all);
    expect(router.state.location.search).toBe("");
  });

  it("reads combined filters from a shared link", async () => {
    await live.render("/c/1001/subscribers/count?sub=2&lead=inactive", "marketing");
    await expectCount(seed.offersInactive);
    expect(
      await screen.findByText(
        "Counting subscribers who are inactive (do not allow messages) and are in “Offers”.",
        undefined,
        WAIT,
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByRole("group", { name: "Subscriptions" })).getByRole<HTMLInputElement>(
        "checkbox",
        { name: "Offers" },
      ).checked,
    ).toBe(true);
  });

  it("filters by UTM sources named by the channel's tags, and by bot", async () => {
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers/count", "admin");
    await expectCount(seed.all);
    const sources = screen.getByRole("group", { name: "UTM sources" });
    const instagram = await within(sources).findByRole("checkbox", { name: /^instagram/ }, WAIT);
    expect(instagram.closest("label")?.textContent).toContain("Spring ads");
    await user.click(instagram);
    await expectCount(seed.instagram);
    await user.click(within(sources).getByRole("checkbox", { name: /^email/ }));
    await expectCount(seed.instagramOrEmail);
    expect(router.state.location.search).toBe("?utm=email&utm=instagram");

    await user.click(within(sources).getByRole("checkbox", { name: /^email/ }));
    await user.click(screen.getByRole("radio", { name: "Inactive (does not allow messages)" }));
    await expectCount(seed.instagramInactive);

    await user.click(screen.getByRole("button", { name: "Clear filters" }));
    await user.selectOptions(screen.getByRole("combobox", { name: "Bot" }), "Welcome bot");
    await expectCount(seed.welcomeBot);
    expect(router.state.location.search).toBe("?bot=21");
    expect(
      screen.getByText("Counting subscribers who have been in the bot “Welcome bot”."),
    ).toBeTruthy();
  });

  it("falls back to no filter for hand-edited values, and keeps an unknown id untickable", async () => {
    const user = userEvent.setup();
    const { router } = await live.render(
      "/c/1001/subscribers/count?lead=maybe&bot=-3&sub=abc&sub=99",
      "support",
    );
    const unknown = await screen.findByRole(
      "checkbox",
      { name: "Subscription 99 (not in this channel)" },
      WAIT,
    );
    await expectCount(0);
    expect(screen.getByText("Counting subscribers who are in #99.")).toBeTruthy();
    await user.click(unknown);
    await expectCount(seed.all);
    expect(router.state.location.search).not.toContain("sub=");
  });

  it("says the figure and the filters in Russian", async () => {
    act(() => {
      i18n.activate("ru");
    });
    await live.render("/c/1001/subscribers/count?sub=1&sub=2&lead=inactive", "marketing");
    expect(
      await screen.findByRole("heading", { level: 1, name: "Подсчёт подписчиков" }, FIRST_LOAD),
    ).toBeTruthy();
    const found = screen.getByRole("status", { name: "Найдено подписчиков" });
    await waitFor(() => {
      expect(found.getAttribute("aria-busy")).toBe("false");
    }, WAIT);
    // Inactive people of News or Offers: persons 5, 10 … 25 of News (30 is in neither).
    expect(found.textContent).toBe("5");
    expect(
      await screen.findByText(
        "Считаются подписчики, которые неактивны (не разрешают сообщения) и состоят в одной " +
          "из групп: «News» или «Offers».",
        undefined,
        WAIT,
      ),
    ).toBeTruthy();
    expect(screen.getByRole("group", { name: "Группы подписчиков" })).toBeTruthy();
    expect(screen.getByRole("radio", { name: "Неактивные (не разрешают сообщения)" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "Сбросить фильтры" })).toBeTruthy();
    await waitFor(() => {
      expect(document.title).toBe("Подсчёт подписчиков · Test Telegram · Channel Desk");
    });
  });
});

describe("the count page with a broken answer", () => {
  let stub: HttpStub;
  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(() => stub.close());

  it("shows an error with a retry instead of a figure, then the figure", async () => {
    const user = userEvent.setup();
    let malformed = true;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") {
        json(res, 200, {
          username: "mia",
          role: "marketing",
          channels: [
            { group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: "UTC" },
          ],
        });
      } else if (request.url === "/api/subscribers/subscribersCount") {
        json(res, 200, malformed ? { success: true, count: "12" } : { success: true, count: 12 });
      } else if (/^\/api\/(subscriptions|utms|bots)\/get$/.test(request.url)) {
        json(res, 200, { success: true, count: 0, items: [] });
      } else refuse(res, 404, "no");
    });
    renderApp("/c/1001/subscribers/count", stub.baseUrl);
    const alert = await screen.findByText("Could not count the subscribers.", undefined, WAIT);
    expect(alert.closest("[role=alert]")?.textContent).toContain("count");
    expect(screen.queryByRole("status", { name: "Subscribers matching" })).toBeNull();

    malformed = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await expectCount(12);
  });
});
