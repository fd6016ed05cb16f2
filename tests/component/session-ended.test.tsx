import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tgUserId } from "../support/seed";
import { LIVE_PASSWORD, startLiveApp, type LiveApp } from "./live-app";

const FIRST_LOAD = { timeout: 20_000 };
const WAIT = { timeout: 10_000 };

type User = ReturnType<typeof userEvent.setup>;

/**
 * The session ends on the server while a person has typed into a form: the next call opens
 * the sign-in dialog over the page, the draft is still there after signing in, and sending it
 * again saves it. Against the real gateway and the local Channel API.
 */
describe("a session that ends while a person is typing", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  async function signInAgain(user: User) {
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" }, WAIT);
    await user.type(within(dialog).getByLabelText("Password"), LIVE_PASSWORD);
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog", { name: "Your session has ended" })).toBeNull();
    }, WAIT);
  }

  const variablesOf = (recordId: number) =>
    Object.fromEntries(
      (
        live.db
          .prepare("SELECT name, value FROM variables WHERE subscriber_id = ?")
          .all(recordId) as { name: string; value: string }[]
      ).map((item) => [item.name, item.value]),
    );

  it("keeps the new variable's name and value through the sign-in, then adds it", async () => {
    const user = userEvent.setup();
    const { endSession, router } = await live.render(
      `/c/1001/variables?user=${String(tgUserId(6))}`,
      "support",
    );
    const name = await screen.findByRole<HTMLInputElement>("textbox", { name: "Name" }, FIRST_LOAD);
    const value = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Value" });
    await user.type(name, "draft_kept");
    await user.type(value, "typed before the session ended");
    await endSession();

    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await signInAgain(user);
    expect(router.state.location.pathname).toBe("/c/1001/variables");
    expect([name.value, value.value]).toEqual(["draft_kept", "typed before the session ended"]);
    expect(variablesOf(6)).toEqual({});

    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await waitFor(() => {
      expect(variablesOf(6)).toEqual({ draft_kept: "typed before the session ended" });
    }, WAIT);
    await waitFor(() => {
      expect(name.value).toBe("");
    }, WAIT);
  });

  it("keeps the bulk list, and the run's remaining ids are sent after signing in", async () => {
    const user = userEvent.setup();
    const { endSession } = await live.render("/c/1001/variables/bulk", "support");
    await screen.findByRole(
      "heading",
      { level: 1, name: "Set a variable for many people" },
      FIRST_LOAD,
    );
    const ids = [7, 8, 9].map((n) => tgUserId(n));
    await user.type(screen.getByRole("textbox", { name: "Variable name" }), "tier");
    await user.type(screen.getByRole("textbox", { name: "Value" }), "gold");
    const list = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "User ids" });
    await user.click(list);
    await user.paste(ids.join("\n"));
    await endSession();

    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    const confirm = await screen.findByRole("alertdialog", undefined, WAIT);
    await user.click(within(confirm).getByRole("button", { name: "Set the variable" }));
    await signInAgain(user);
    expect(list.value).toBe(ids.join("\n"));
    expect([7, 8, 9].map((n) => variablesOf(n).tier)).toEqual([undefined, undefined, undefined]);

    await user.click(
      await screen.findByRole("button", { name: /^Retry the failed and not run/ }, WAIT),
    );
    await waitFor(() => {
      expect([7, 8, 9].map((n) => variablesOf(n).tier)).toEqual(["gold", "gold", "gold"]);
    }, WAIT);
  });

  it("keeps the UTM link builder's choices, then makes the link", async () => {
    const user = userEvent.setup();
    const { endSession } = await live.render(
      "/c/1001/utm?period=2026-02-01..2026-03-15",
      "marketing",
    );
    const tag = await screen.findByRole<HTMLSelectElement>(
      "combobox",
      { name: "UTM tag" },
      FIRST_LOAD,
    );
    await within(tag).findByRole("option", { name: "Spring ads" }, WAIT);
    await user.selectOptions(tag, "Spring ads");
    await user.click(screen.getByRole("checkbox", { name: /Subscribe on click/ }));
    await endSession();

    await user.click(screen.getByRole("button", { name: "Make link" }));
    await signInAgain(user);
    expect(tag.value).toBe("11");
    expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Subscription" }).value).toBe(
      "1",
    );
    expect(
      screen.getByRole<HTMLInputElement>("checkbox", { name: /Subscribe on click/ }).checked,
    ).toBe(true);

    await user.click(screen.getByRole("button", { name: "Make link" }));
    const link = await screen.findByRole<HTMLInputElement>("textbox", { name: "Link" }, WAIT);
    expect(link.value).toBe("https://t.me/test_bot?start=s1_u11_f");
  });

  it("keeps the add/remove list, then adds the people", async () => {
    const user = userEvent.setup();
    const { endSession } = await live.render("/c/1001/subscribers/manage", "admin");
    await screen.findByRole("heading", { level: 1, name: "Add or remove subscribers" }, FIRST_LOAD);
    await screen.findByRole("option", { name: "Offers" }, WAIT);
    await user.selectOptions(screen.getByRole("combobox", { name: "Subscription" }), "Offers");
    const list = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "User ids" });
    await user.click(list);
    await user.paste(`${String(tgUserId(20))}\n${String(tgUserId(21))}`);
    await endSession();

    await user.click(screen.getByRole("button", { name: "Add subscribers" }));
    await signInAgain(user);
    expect(list.value).toBe(`${String(tgUserId(20))}\n${String(tgUserId(21))}`);

    await user.click(screen.getByRole("button", { name: "Add subscribers" }));
    await screen.findByText("2 people added.", undefined, WAIT);
    const members = live.db
      .prepare(
        "SELECT COUNT(*) AS n FROM memberships WHERE subscription_id = 2 AND subscriber_id IN (20, 21)",
      )
      .get() as { n: number };
    expect(members.n).toBe(2);
  });

  it("keeps the keyboard in the sign-in dialog when the move under it finishes", async () => {
    const user = userEvent.setup();
    const { endSession, router } = await live.render("/c/1001/subscribers/count", "support");
    await screen.findByRole("heading", { level: 1, name: /Count subscribers/ }, FIRST_LOAD);
    await endSession();
    await user.click(screen.getByRole("link", { name: "Channel" }));
    // The dialog opens while the channel page's code is still on its way; the person starts
    // typing at once, and goes on after the move has finished.
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" }, WAIT);
    const password = within(dialog).getByLabelText<HTMLInputElement>("Password");
    const half = LIVE_PASSWORD.slice(0, 3);
    await user.type(password, half);
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/c/1001");
    }, WAIT);
    expect(document.activeElement).toBe(password);
    await user.keyboard(LIVE_PASSWORD.slice(3));
    expect(password.value).toBe(LIVE_PASSWORD);
    await user.keyboard("{Enter}");
    await waitFor(() => {
      expect(screen.queryByRole("dialog", { name: "Your session has ended" })).toBeNull();
    }, WAIT);
    expect(
      await screen.findByRole("heading", { level: 2, name: "Test Telegram" }, WAIT),
    ).toBeTruthy();
  });

  it("asks on the next page when the person moves on after the session ended", async () => {
    const user = userEvent.setup();
    const { endSession, router } = await live.render("/c/1001/subscribers/count", "support");
    await screen.findByRole("heading", { level: 1, name: /Count subscribers/ }, FIRST_LOAD);
    await endSession();
    await user.click(screen.getByRole("link", { name: "Channel" }));
    // The router's head start of the channel's data meets the ended session while the page's
    // code is still on its way: the dialog may come before the move has finished (typing in it
    // across the end of the move: the test above).
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/c/1001");
    }, WAIT);
    await signInAgain(user);
    expect(
      await screen.findByRole("heading", { level: 2, name: "Test Telegram" }, WAIT),
    ).toBeTruthy();
  });
});
