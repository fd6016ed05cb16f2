import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NOW } from "../support/seed";
import { startLiveApp, type LiveApp } from "./live-app";
import { screen, waitFor, within } from "./testing-library";

const WAIT = { timeout: 5000 };
/** The first render loads the page's lazy chunk, which a busy machine transforms slowly. */
const FIRST_LOAD = { timeout: 15_000 };

describe("managing the channel's groups and variables", { timeout: 120_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
    live.db
      .prepare("INSERT INTO bots (id, channel_id, title, created_at) VALUES (?, 1001, ?, ?)")
      .run(41, "Doomed bot", NOW - 86_400);
  });
  afterAll(() => live.close());

  const groupNamed = (name: string) =>
    live.db
      .prepare("SELECT id, settings FROM subscriptions WHERE channel_id = 1001 AND name = ?")
      .get(name) as { id: number; settings: string } | undefined;

  it("checks a new group at its fields, says a refusal beside the field and keeps what was typed", async () => {
    const user = userEvent.setup();
    await live.render("/c/1001/groups/new", "admin");
    await screen.findByRole("heading", { level: 1, name: "New group" }, FIRST_LOAD);
    const create = await screen.findByRole("button", { name: "Create the group" }, WAIT);

    // Nothing typed, a time limit without its ends: said at each field, nothing sent.
    await user.click(screen.getByRole("checkbox", { name: "Only for a time" }));
    await user.click(create);
    expect(await screen.findByText("Enter a name", {}, WAIT)).toBeTruthy();
    expect(screen.getByText("Choose when the group starts taking subscribers")).toBeTruthy();
    expect(screen.getByText("Choose when the group stops taking subscribers")).toBeTruthy();
    await user.type(screen.getByLabelText("From"), "2026-12-10T10:00");
    await user.type(screen.getByLabelText("Until"), "2026-12-01T10:00");
    await user.type(screen.getByRole("textbox", { name: "Name" }), "Winter club");
    await user.type(screen.getByRole("textbox", { name: "Page after subscribing" }), "ftp://x");
    await user.click(create);
    expect(await screen.findByText("The end comes before the start", {}, WAIT)).toBeTruthy();
    expect(screen.getByText(/Enter an address starting with http/)).toBeTruthy();
    expect(groupNamed("Winter club")).toBeUndefined();

    // Fixed, and a bot ticked that is deleted before the form is sent: the service's error 10
    // is said at the bots, and every field keeps what was typed.
    const until = screen.getByLabelText("Until");
    await user.clear(until);
    await user.type(until, "2026-12-31T10:00");
    const url = screen.getByRole("textbox", { name: "Page after subscribing" });
    await user.clear(url);
    await user.type(url, "https://example.com/winter");
    await user.click(screen.getByRole("checkbox", { name: "Doomed bot" }));
    live.db.prepare("DELETE FROM bots WHERE id = 41").run();
    await user.click(create);
    const bots = screen.getByRole("group", { name: "Starts these bots" });
    await waitFor(() => {
      expect(within(bots).getByText(/bot/i, { selector: ".field-error" })).toBeTruthy();
    }, WAIT);
    expect(groupNamed("Winter club")).toBeUndefined();
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Name" }).value).toBe(
      "Winter club",
    );
    expect(
      screen.getByRole<HTMLInputElement>("textbox", { name: "Page after subscribing" }).value,
    ).toBe("https://example.com/winter");

    // Without the bot it is saved, with the limit's ends as the API's wall times.
    await user.click(within(bots).getByRole("checkbox", { name: "Doomed bot" }));
    await user.click(create);
    await screen.findByRole("heading", { level: 1, name: "Groups" }, WAIT);
    const saved = groupNamed("Winter club");
    expect(JSON.parse(saved?.settings ?? "{}")).toMatchObject({
      url_after_subscribing: "https://example.com/winter",
      limit_period: 1,
      bot_ids: [],
    });
  });

  it("adds a channel variable, refuses a name it has, edits it in place and deletes it", async () => {
    const user = userEvent.setup();
    await live.render("/c/1001/channel-variables", "admin");
    await screen.findByRole("heading", { level: 1, name: "Channel variables" }, FIRST_LOAD);
    const name = screen.getByRole("textbox", { name: "Name" });
    const value = screen.getByRole("textbox", { name: "Value" });
    await user.type(name, "promo code");
    await user.type(value, "AUTUMN");
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    expect(await screen.findByText(/No spaces/, {}, WAIT)).toBeTruthy();
    await user.clear(name);
    await user.type(name, "promo");
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await screen.findByRole("rowheader", { name: "promo" }, WAIT);
    const stored = () =>
      live.db
        .prepare("SELECT value FROM global_variables WHERE channel_id = 1001 AND name = 'promo'")
        .get() as { value: string } | undefined;
    expect(stored()).toEqual({ value: "AUTUMN" });
    expect(screen.getByText("[%promo%]")).toBeTruthy();

    // The same name again points at its row; what was typed stays.
    await user.type(name, "promo");
    await user.type(value, "WINTER");
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    expect(await screen.findByText(/already has “promo”/, {}, WAIT)).toBeTruthy();
    expect((value as HTMLTextAreaElement).value).toBe("WINTER");
    await user.clear(name);
    await user.clear(value);

    // Edited in place; too long a value is refused in the box, the text kept.
    await user.click(screen.getByRole("button", { name: "Edit promo" }));
    const box = screen.getByRole("textbox", { name: "Value of promo" });
    // The Edit button is gone: the focus went into the box, and no spell check marks a code.
    await waitFor(() => {
      expect(document.activeElement).toBe(box);
    }, WAIT);
    expect(box.getAttribute("spellcheck")).toBe("false");
    await user.clear(box);
    await user.click(box);
    await user.paste("x".repeat(4097));
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText(/At most 4,096 characters/, {}, WAIT)).toBeTruthy();
    expect((box as HTMLTextAreaElement).value).toHaveLength(4097);
    await user.clear(box);
    await user.type(box, "SPRING");
    await user.click(screen.getByRole("button", { name: "Save" }));
    await waitFor(() => {
      expect(stored()).toEqual({ value: "SPRING" });
    }, WAIT);

    await user.click(await screen.findByRole("button", { name: "Delete promo" }, WAIT));
    const dialog = await screen.findByRole("alertdialog", {}, WAIT);
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => {
      expect(stored()).toBeUndefined();
    }, WAIT);
  });
});
