import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { activateLocale } from "../../src/i18n/locale-runtime";
import { startLiveApp, type LiveApp } from "./live-app";

// The segment builder of the subscribers page (issue 18) against the local Channel API on the
// seed data (tests/support/seed.ts): "News" holds people 1..29 of the Telegram channel, every
// fifth person is inactive.
const WAIT = { timeout: 40_000 };

function shownNames(): string[] {
  const table = screen.queryByRole("table", { name: "Subscribers" });
  if (!table) return [];
  return [...table.querySelectorAll(".subscriber-person-name")].map((name) => name.textContent);
}

const chipList = () => screen.getByRole("list", { name: "Filters, all of them apply" });
const chipTexts = () =>
  within(chipList())
    .getAllByRole("listitem")
    .map((item) => item.textContent);

afterEach(() => {
  localStorage.clear();
});

describe("the segment builder", { timeout: 90_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  it("reads the URL's filters, drops a bad one saying so, and lists only the segment", async () => {
    const user = userEvent.setup();
    const { router } = await live.render(
      "/c/1001/subscribers?subscription_id=1&status=inactive&bot_id=x1",
    );
    await waitFor(() => {
      expect(chipTexts()).toEqual(["in group “News”", "inactive (does not allow messages)"]);
    }, WAIT);
    await waitFor(() => {
      expect(shownNames()).toEqual(
        [5, 10, 15, 20, 25].map((n) => `Name${String(n)} Family${String(n)}`),
      );
    }, WAIT);
    // The dropped filter widens the list: the page says which, and can clean the link.
    const notice = screen.getByText(/could not be read and are left out: bot_id\./);
    await user.click(screen.getByRole("button", { name: "Remove them from the link" }));
    await waitFor(() => {
      expect(router.state.location.search).not.toContain("bot_id");
    });
    expect(router.state.location.search).toContain("subscription_id=1");
    expect(notice.isConnected).toBe(false);
  });

  it("adds a filter as a chip, counts the segment, and removes chips keeping the focus", async () => {
    const user = userEvent.setup();
    const { router } = await live.render("/c/1001/subscribers?subscription_id=1");
    await waitFor(() => {
      expect(chipTexts()).toEqual(["in group “News”"]);
    }, WAIT);

    await user.click(screen.getByRole("button", { name: "Add a filter" }));
    const form = await screen.findByRole("form", { name: "Add a filter" }, WAIT);
    await user.selectOptions(within(form).getByLabelText("Filter"), "lead_status");
    // Added without a value: said, and nothing changes.
    await user.click(within(form).getByRole("button", { name: "Add filter" }));
    expect(within(form).getByRole("alert").textContent).toBe("Choose one from the list.");
    await user.selectOptions(within(form).getByLabelText("Status"), "2");
    await user.click(within(form).getByRole("button", { name: "Add filter" }));
    await waitFor(() => {
      expect(chipTexts()).toEqual(["in group “News”", "inactive (does not allow messages)"]);
    });
    expect(new URLSearchParams(router.state.location.search).get("status")).toBe("inactive");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add a filter" }));

    await user.click(screen.getByRole("button", { name: "Count the people" }));
    expect((await screen.findByText("5 people in this segment", {}, WAIT)).textContent).toBe(
      "5 people in this segment",
    );

    await user.click(screen.getByRole("button", { name: "Remove the filter: in group “News”" }));
    await waitFor(() => {
      expect(chipTexts()).toEqual(["inactive (does not allow messages)"]);
    });
    expect(document.activeElement).toBe(
      screen.getByRole("button", {
        name: "Remove the filter: inactive (does not allow messages)",
      }),
    );
    expect(router.state.location.search).toBe("?status=inactive");
    // Every inactive person of the channel, the one outside "News" too.
    await waitFor(() => {
      expect(shownNames()).toEqual(
        [5, 10, 15, 20, 25, 30].map((n) => `Name${String(n)} Family${String(n)}`),
      );
    }, WAIT);

    await user.click(screen.getByRole("button", { name: "Clear all" }));
    await waitFor(() => {
      expect(screen.queryByRole("list", { name: "Filters, all of them apply" })).toBeNull();
    });
    expect(router.state.location.search).toBe("");
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Add a filter" }));
  });

  it("writes the chips again in the language switched to", async () => {
    await live.render("/c/1001/subscribers?subscription_id=1&status=inactive");
    await waitFor(() => {
      expect(chipTexts()).toEqual(["in group “News”", "inactive (does not allow messages)"]);
    }, WAIT);
    try {
      await act(() => activateLocale("ru"));
      const list = screen.getByRole("list", { name: "Фильтры, действуют все сразу" });
      expect(
        within(list)
          .getAllByRole("listitem")
          .map((item) => item.textContent),
      ).toEqual(["в группе «News»", "неактивен (не принимает сообщения)"]);
    } finally {
      await act(() => activateLocale("en"));
    }
    expect(chipTexts()).toEqual(["in group “News”", "inactive (does not allow messages)"]);
  });
});
