import { screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../src/api/query-keys";
import { tgUserId } from "../support/seed";
import { startLiveApp, type LiveApp } from "./live-app";

const WAIT = { timeout: 5000 };
/** The first render loads the page's lazy chunk, which a busy machine transforms slowly. */
const FIRST_LOAD = { timeout: 15_000 };

type User = ReturnType<typeof userEvent.setup>;

/** Rows of the results table as [user id, result]. */
function resultRows(): string[][] {
  const table = screen.getByRole("table", { name: "Results" });
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent),
    );
}

async function fill(user: User, action: "Add" | "Remove", subscription: string, ids: string) {
  await user.click(
    within(screen.getByRole("radiogroup", { name: "Action" })).getByRole("radio", { name: action }),
  );
  await user.selectOptions(screen.getByRole("combobox", { name: "Subscription" }), subscription);
  const field = screen.getByRole("textbox", { name: "User ids" });
  // Ids are no words: the browser checks no spelling in them (nor sends them to a speller).
  expect(field.getAttribute("spellcheck")).toBe("false");
  await user.clear(field);
  await user.click(field);
  await user.paste(ids);
}

describe(
  "adding and removing subscribers against the local Channel API",
  { timeout: 60_000 },
  () => {
    let live: LiveApp;
    beforeAll(async () => {
      live = await startLiveApp();
    });
    afterAll(() => live.close());

    /** Subscriptions of Telegram person n (record id n in the seed). */
    const membershipsOf = (n: number) =>
      (
        live.db
          .prepare("SELECT subscription_id FROM memberships WHERE subscriber_id = ? ORDER BY 1")
          .all(n) as { subscription_id: number }[]
      ).map((row) => row.subscription_id);

    async function openPage() {
      const view = await live.render("/c/1001/subscribers/manage", "admin");
      expect(
        await screen.findByRole(
          "heading",
          { level: 1, name: "Add or remove subscribers" },
          FIRST_LOAD,
        ),
      ).toBeTruthy();
      await screen.findByRole("option", { name: "Offers" }, WAIT);
      return view;
    }

    it("adds two ids with one result each, then removes one after confirming", async () => {
      const user = userEvent.setup();
      const { queryClient } = await openPage();
      // Figures another page had loaded: they must be refetched after the change.
      const countKey = apiKeys.call(1001, "subscribers/subscribersCount", {});
      const statKey = apiKeys.call(1001, "subscribers/statCount", {
        date_from: "01.03.2026",
        date_to: "15.03.2026",
      });
      const listKey = apiKeys.call(1001, "subscribers/get", { count: 20 });
      queryClient.setQueryData(countKey, { success: true, count: 30 });
      queryClient.setQueryData(statKey, {
        success: true,
        count_subscribe: 1,
        count_unsubscribe: 0,
      });
      queryClient.setQueryData(listKey, { success: true, offset_id: "20", items: [] });

      expect(membershipsOf(30)).toEqual([]);
      await fill(user, "Add", "Offers", `${String(tgUserId(30))}\n123`);
      expect(screen.getByText("2 ids")).toBeTruthy();
      await user.click(screen.getByRole("button", { name: "Add subscribers" }));

      await screen.findByRole("table", { name: "Results" }, WAIT);
      expect(resultRows()).toEqual([
        [String(tgUserId(30)), "Added"],
        ["123", "Failed: No such subscriber (error 5)."],
      ]);
      expect(screen.getByText("1 person added. 1 failed.")).toBeTruthy();
      expect(membershipsOf(30)).toEqual([2]);
      expect(
        await screen.findByText("Added 1 person to “Offers”. 1 failed.", undefined, WAIT),
      ).toBeTruthy();
      for (const key of [countKey, statKey, listKey]) {
        expect(queryClient.getQueryState(key)?.isInvalidated).toBe(true);
      }

      await fill(user, "Remove", "Offers", String(tgUserId(30)));
      await user.click(screen.getByRole("button", { name: "Remove subscribers" }));
      const dialog = await screen.findByRole("alertdialog", {
        name: "Remove 1 person from “Offers”?",
      });
      expect(dialog.textContent).toContain("This person will be removed from “Offers”.");
      expect(membershipsOf(30)).toEqual([2]);
      await user.click(within(dialog).getByRole("button", { name: "Remove" }));

      await waitFor(() => {
        expect(resultRows()).toEqual([[String(tgUserId(30)), "Removed"]]);
      }, WAIT);
      expect(membershipsOf(30)).toEqual([]);
    });

    it("refuses invalid ids at the field before sending anything", async () => {
      const user = userEvent.setup();
      await openPage();
      expect(membershipsOf(29)).toEqual([1]);
      await fill(user, "Add", "Offers", `${String(tgUserId(29))}, abc, 0, ${String(tgUserId(29))}`);
      expect(screen.getByText("1 id, 1 duplicate dropped, 2 invalid entries")).toBeTruthy();
      await user.click(screen.getByRole("button", { name: "Add subscribers" }));

      const field = screen.getByRole("textbox", { name: "User ids" });
      await waitFor(() => {
        expect(field.getAttribute("aria-invalid")).toBe("true");
      });
      const message = "Not a user id (a positive whole number): “abc”, “0”";
      expect(screen.getByText(message)).toBeTruthy();
      expect(field.getAttribute("aria-describedby")).toContain(
        screen.getByText(message).getAttribute("id") ?? "missing",
      );
      expect(screen.queryByRole("table", { name: "Results" })).toBeNull();
      expect(membershipsOf(29)).toEqual([1]);

      // No subscription chosen: said at the select.
      await user.click(screen.getByRole("radio", { name: "Add" }));
      await user.selectOptions(screen.getByRole("combobox", { name: "Subscription" }), "");
      await user.click(screen.getByRole("button", { name: "Add subscribers" }));
      expect(
        await screen.findByText("Choose a subscription", { selector: ".field-error" }),
      ).toBeTruthy();
    });

    it("asks before removing, and Cancel sends nothing and gives the focus back", async () => {
      const user = userEvent.setup();
      await openPage();
      expect(membershipsOf(1)).toEqual([1, 2]);
      await fill(user, "Remove", "News", `${String(tgUserId(1))} ${String(tgUserId(3))}`);
      const submit = screen.getByRole("button", { name: "Remove subscribers" });
      await user.click(submit);
      const dialog = await screen.findByRole("alertdialog", {
        name: "Remove 2 people from “News”?",
      });
      expect(within(dialog).getByRole("button", { name: "Cancel" })).toBe(document.activeElement);
      await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
      await waitFor(() => {
        expect(screen.queryByRole("alertdialog")).toBeNull();
      });
      expect(document.activeElement).toBe(submit);
      expect(screen.queryByRole("table", { name: "Results" })).toBeNull();
      expect(membershipsOf(1)).toEqual([1, 2]);
      expect(membershipsOf(3)).toEqual([1]);
    });

    it("removes from every subscription, worded plainly", async () => {
      const user = userEvent.setup();
      await openPage();
      expect(membershipsOf(4)).toEqual([1, 2]);
      await fill(
        user,
        "Remove",
        "Every subscription (removes the person from all of them)",
        String(tgUserId(4)),
      );
      await user.click(screen.getByRole("button", { name: "Remove subscribers" }));
      const dialog = await screen.findByRole("alertdialog", {
        name: "Remove 1 person from every subscription?",
      });
      expect(dialog.textContent).toContain("removed from every subscription of this channel");
      await user.click(within(dialog).getByRole("button", { name: "Remove" }));
      await waitFor(() => {
        expect(resultRows()).toEqual([[String(tgUserId(4)), "Removed"]]);
      }, WAIT);
      expect(membershipsOf(4)).toEqual([]);

      // "Every subscription" is not a choice for adding.
      await user.click(screen.getByRole("radio", { name: "Add" }));
      expect(
        screen.queryByRole("option", {
          name: "Every subscription (removes the person from all of them)",
        }),
      ).toBeNull();
      expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Subscription" }).value).toBe(
        "",
      );
    });

    it("sends many ids in several calls and reports every one", async () => {
      const user = userEvent.setup();
      await openPage();
      // 150 ids: more than one subscribers/add call takes; people 10 and 11 exist.
      const ids = [tgUserId(10), tgUserId(11), ...Array.from({ length: 148 }, (_, i) => 9000 + i)];
      await fill(user, "Add", "Offers", ids.join(", "));
      await user.click(screen.getByRole("button", { name: "Add subscribers" }));
      await screen.findByRole("table", { name: "Results" }, { timeout: 10_000 });
      expect(screen.getByText("2 people added. 148 failed.")).toBeTruthy();
      expect(screen.getByText("Rows 1–50 of 150")).toBeTruthy();
      const rows = resultRows();
      expect(rows.slice(0, 3)).toEqual([
        [String(tgUserId(10)), "Added"],
        [String(tgUserId(11)), "Added"],
        ["9000", "Failed: No such subscriber (error 5)."],
      ]);
      expect(membershipsOf(10)).toEqual([1, 2]);
      await user.click(screen.getByRole("button", { name: "Next" }));
      expect(screen.getByText("Rows 51–100 of 150")).toBeTruthy();
    });

    it("keeps the page from a role that may not change subscribers", async () => {
      await live.render("/c/1001/subscribers/manage", "support");
      expect(
        await screen.findByText("Your role does not allow this page.", undefined, WAIT),
      ).toBeTruthy();
      expect(screen.getByRole("heading", { level: 1, name: "Add or remove" })).toBeTruthy();
      expect(screen.queryByRole("textbox", { name: "User ids" })).toBeNull();
      const nav = screen.getByRole("navigation", { name: "Pages" });
      expect(within(nav).queryByRole("link", { name: "Add or remove" })).toBeNull();
      expect(within(nav).getByRole("link", { name: "Count subscribers" })).toBeTruthy();
    });
  },
);
