import { i18n } from "@lingui/core";
import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { NOW, tgUserId, vkUserId } from "../support/seed";
import { startLiveApp, type LiveApp } from "./live-app";

const WAIT = { timeout: 5000 };
/** The first render loads the page's lazy chunk, which a busy machine transforms slowly. */
const FIRST_LOAD = { timeout: 15_000 };

type User = ReturnType<typeof userEvent.setup>;

describe("starting and stopping a bot for a person", { timeout: 60_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
    const bot = live.db.prepare(
      "INSERT INTO bots (id, channel_id, title, created_at) VALUES (?, 1001, ?, ?)",
    );
    bot.run(23, "Old bot", NOW - 10 * 86_400);
    bot.run(24, "<i>Promo</i> bot", NOW - 10 * 86_400);
    live.db
      .prepare("INSERT INTO bot_steps (bot_id, step_id, title, position) VALUES (24, 'p1', ?, 1)")
      .run("<b>Hi</b>");
  });
  afterAll(() => live.close());

  /** The runs of a person (record id n) as [bot, step]. */
  const runsOf = (n: number) =>
    (
      live.db
        .prepare("SELECT bot_id, step_id FROM bot_runs WHERE subscriber_id = ? ORDER BY 1")
        .all(n) as { bot_id: number; step_id: string }[]
    ).map((row) => [row.bot_id, row.step_id]);

  async function openPage(path: string, role: "admin" | "support" = "support") {
    await live.render(path, role);
    await screen.findByRole("heading", { level: 1, name: "Start or stop a bot" }, FIRST_LOAD);
  }

  // The page's one live region, beside the app's connection notice (src/app/connection-banner).
  const outcome = () => {
    const regions = screen
      .getAllByRole("status")
      .filter((region) => !region.classList.contains("connection-banner"));
    const [region] = regions;
    if (!region || regions.length !== 1) {
      throw new Error(`${String(regions.length)} outcome regions`);
    }
    return region;
  };

  /** Options are picked as elements: user-event matches a text against innerHTML, escaped. */
  async function chooseBot(user: User, bot: string, step?: string) {
    const bots = await screen.findByRole("combobox", { name: "Bot" }, WAIT);
    await user.selectOptions(bots, within(bots).getByRole("option", { name: bot }));
    if (step) {
      const steps = screen.getByRole("combobox", { name: "Step (optional)" });
      await user.selectOptions(steps, within(steps).getByRole("option", { name: step }));
    }
  }

  it("starts a bot at a chosen step, refuses a second start unless restarting, and stops it", async () => {
    const user = userEvent.setup();
    await openPage(`/c/1001/bots?user=${String(tgUserId(3))}`);
    expect(screen.getByText(`Telegram user id ${String(tgUserId(3))}`)).toBeTruthy();
    const steps = await screen.findByRole<HTMLSelectElement>(
      "combobox",
      { name: "Step (optional)" },
      WAIT,
    );
    expect(steps.disabled).toBe(true);
    await chooseBot(user, "Welcome bot", "Offer (b2)");
    // One start, however the button is pressed: a second call would be refused as "already in".
    await user.dblClick(screen.getByRole("button", { name: "Start the bot" }));
    await waitFor(() => {
      expect(outcome().textContent).toBe(
        `Started “Welcome bot” for Telegram user id ${String(tgUserId(3))} at the step “Offer”.`,
      );
    }, WAIT);
    expect(runsOf(3)).toEqual([[21, "b2"]]);
    expect(
      await screen.findByText(outcome().textContent, { selector: "[data-title]" }, WAIT),
    ).toBeTruthy();

    // Again without "Restart": refused, said at the checkbox, and nothing changes.
    await user.selectOptions(steps, "");
    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    const restart = screen.getByRole("checkbox", { name: "Restart if already running" });
    await waitFor(() => {
      expect(restart.getAttribute("aria-invalid")).toBe("true");
    }, WAIT);
    expect(
      screen.getByText(
        `Telegram user id ${String(tgUserId(3))} is already in “Welcome bot”. Tick “Restart if already running” to start them again.`,
        { selector: ".field-error" },
      ),
    ).toBeTruthy();
    expect(document.activeElement).toBe(restart);
    expect(runsOf(3)).toEqual([[21, "b2"]]);

    await user.click(restart);
    expect(restart.getAttribute("aria-invalid")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    await waitFor(() => {
      expect(outcome().textContent).toBe(
        `Started (or restarted) “Welcome bot” for Telegram user id ${String(tgUserId(3))} at its first step.`,
      );
    }, WAIT);
    expect(runsOf(3)).toEqual([[21, "a1"]]);

    // Stop, after confirming; Cancel first sends nothing.
    const stop = screen.getByRole("button", { name: "Stop the bot" });
    await user.click(stop);
    let dialog = await screen.findByRole("alertdialog", {
      name: `Stop “Welcome bot” for Telegram user id ${String(tgUserId(3))}?`,
    });
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(runsOf(3)).toEqual([[21, "a1"]]);
    await user.click(stop);
    dialog = await screen.findByRole("alertdialog");
    await user.click(within(dialog).getByRole("button", { name: "Stop the bot" }));
    await waitFor(() => {
      expect(outcome().textContent).toBe(
        `“Welcome bot” is stopped for Telegram user id ${String(tgUserId(3))}.`,
      );
    }, WAIT);
    expect(runsOf(3)).toEqual([]);
  });

  it("keeps a result and a Stop question with the person they were for, after Back or a new URL", async () => {
    const user = userEvent.setup();
    const { router } = await live.render(`/c/1001/bots?user=${String(tgUserId(5))}`, "support");
    await screen.findByRole("heading", { level: 1, name: "Start or stop a bot" }, FIRST_LOAD);
    await chooseBot(user, "Welcome bot");
    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    await waitFor(() => {
      expect(outcome().textContent).toMatch(/^Started “Welcome bot” for Telegram user id/);
    }, WAIT);

    // Another person by the URL (Back, a link): person 5's result is not shown as theirs.
    await router.navigate(`/c/1001/bots?user=${String(tgUserId(6))}`);
    await screen.findByText(`Telegram user id ${String(tgUserId(6))}`, undefined, WAIT);
    expect(outcome().textContent).toBe("");

    // A Stop question asked for person 6 goes when the page moves to person 5.
    await chooseBot(user, "Welcome bot");
    await user.click(screen.getByRole("button", { name: "Stop the bot" }));
    await screen.findByRole("alertdialog", {
      name: `Stop “Welcome bot” for Telegram user id ${String(tgUserId(6))}?`,
    });
    await router.navigate(`/c/1001/bots?user=${String(tgUserId(5))}`);
    await waitFor(() => {
      expect(screen.queryByRole("alertdialog")).toBeNull();
    }, WAIT);
    expect(runsOf(5)).toEqual([[21, "a1"]]);
  });

  it("keeps the form and what was chosen when a reload of the bots fails, with a retry", async () => {
    const user = userEvent.setup();
    const { queryClient } = await live.render(
      `/c/1001/bots?user=${String(tgUserId(7))}`,
      "support",
    );
    await screen.findByRole("heading", { level: 1, name: "Start or stop a bot" }, FIRST_LOAD);
    await chooseBot(user, "Welcome bot");
    const realFetch = globalThis.fetch;
    const spy = vi.spyOn(globalThis, "fetch").mockImplementation((input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith("/api/bots/get")) return Promise.reject(new TypeError("Failed to fetch"));
      return realFetch(input, init);
    });
    try {
      await queryClient.refetchQueries({ type: "active" });
      const notice = await screen.findByText(/Could not refresh the list of bots/, undefined, WAIT);
      expect(notice.closest("[role=status]")).toBeTruthy();
      expect(screen.getByRole<HTMLSelectElement>("combobox", { name: "Bot" }).value).not.toBe("");
    } finally {
      spy.mockRestore();
    }
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => {
      expect(screen.queryByText(/Could not refresh the list of bots/)).toBeNull();
    }, WAIT);
  });

  it("says error 10 plainly at the bot field when the bot is gone, and reloads the list", async () => {
    const user = userEvent.setup();
    await openPage(`/c/1001/bots?user=${String(tgUserId(4))}`);
    await chooseBot(user, "Old bot");
    live.db.prepare("DELETE FROM bots WHERE id = 23").run();
    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    const bot = screen.getByRole("combobox", { name: "Bot" });
    const message =
      "The service has no bot “Old bot” (error 10: bot not found) — it may have been deleted. The list of bots has been reloaded; choose the bot again.";
    expect(await screen.findByText(message, { selector: ".field-error" }, WAIT)).toBeTruthy();
    expect(bot.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => {
      expect(screen.queryByRole("option", { name: "Old bot" })).toBeNull();
    }, WAIT);
    expect((bot as HTMLSelectElement).value).toBe("");
    expect(runsOf(4)).toEqual([]);
  });

  it("shows names of bots and steps as text, and says when the person is not a subscriber", async () => {
    const user = userEvent.setup();
    await openPage("/c/1001/bots?user=123");
    expect(await screen.findByRole("option", { name: "<i>Promo</i> bot" }, WAIT)).toBeTruthy();
    await chooseBot(user, "<i>Promo</i> bot", "<b>Hi</b> (p1)");
    expect(document.querySelector("i, b")).toBeNull();
    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    expect(
      await screen.findByText(
        "There is no subscriber with Telegram user id 123 in this channel (error 5: user not found). Check the id.",
        { selector: ".notice" },
        WAIT,
      ),
    ).toBeTruthy();
  });

  it("asks for the person when the link has none, and takes a typed id", async () => {
    const user = userEvent.setup();
    await openPage("/c/1001/bots?user=abc");
    expect(screen.getByText(/The link’s person “abc” is not a user id/)).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Bot" })).toBeNull();
    const field = screen.getByRole("textbox", { name: "User id (tg_user_id)" });
    await user.type(field, "12x");
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText("Enter the person’s tg_user_id: a positive whole number"),
    ).toBeTruthy();
    await user.clear(field);
    await user.type(field, ` ${String(tgUserId(5))} `);
    await user.click(screen.getByRole("button", { name: "Continue" }));
    expect(
      await screen.findByText(`Telegram user id ${String(tgUserId(5))}`, undefined, WAIT),
    ).toBeTruthy();
    await chooseBot(user, "Welcome bot");
    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    await waitFor(() => {
      expect(runsOf(5)).toEqual([[21, "a1"]]);
    }, WAIT);
  });

  it("works on a VK channel with vk_user_id", async () => {
    const user = userEvent.setup();
    await openPage(`/c/1002/bots?user=${String(vkUserId(1))}`);
    await chooseBot(user, "VK bot");
    await user.click(screen.getByRole("button", { name: "Start the bot" }));
    await waitFor(() => {
      expect(outcome().textContent).toBe(
        `Started “VK bot” for VK user id ${String(vkUserId(1))} at its first step.`,
      );
    }, WAIT);
    // VK person 1 is record 31 of the seed.
    expect(runsOf(31)).toEqual([[22, "v1"]]);
  });

  it("speaks Russian: the form's own check, a start and a stop said in Russian", async () => {
    const user = userEvent.setup();
    act(() => {
      i18n.activate("ru");
    });
    await live.render(`/c/1001/bots?user=${String(tgUserId(8))}`, "support");
    await screen.findByRole("heading", { level: 1, name: "Запуск и остановка бота" }, FIRST_LOAD);
    expect(document.title).toBe("Запуск и остановка бота · Test Telegram · Channel Desk");
    const bots = await screen.findByRole("combobox", { name: "Бот" }, WAIT);
    await user.click(screen.getByRole("button", { name: "Запустить бота" }));
    expect(await screen.findByText("Выберите бота", { selector: "p" }, WAIT)).toBeTruthy();
    expect(screen.getByText("Выберите бота, чтобы увидеть его шаги.")).toBeTruthy();

    await user.selectOptions(bots, within(bots).getByRole("option", { name: "Welcome bot" }));
    await user.click(screen.getByRole("button", { name: "Запустить бота" }));
    await waitFor(() => {
      expect(outcome().textContent).toBe(
        `Бот «Welcome bot» запущен для Telegram ID ${String(tgUserId(8))} с первого шага.`,
      );
    }, WAIT);

    await user.click(screen.getByRole("button", { name: "Остановить бота" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: `Остановить бота «Welcome bot» для Telegram ID ${String(tgUserId(8))}?`,
    });
    await user.click(within(dialog).getByRole("button", { name: "Остановить бота" }));
    await waitFor(() => {
      expect(outcome().textContent).toBe(
        `Бот «Welcome bot» остановлен для Telegram ID ${String(tgUserId(8))}.`,
      );
    }, WAIT);
    expect(runsOf(8)).toEqual([]);
  });

  it("says in Russian that the person is not a subscriber, with the error code", async () => {
    const user = userEvent.setup();
    act(() => {
      i18n.activate("ru");
    });
    await live.render("/c/1001/bots?user=123", "support");
    const bots = await screen.findByRole("combobox", { name: "Бот" }, FIRST_LOAD);
    await user.selectOptions(bots, within(bots).getByRole("option", { name: "Welcome bot" }));
    await user.click(screen.getByRole("button", { name: "Запустить бота" }));
    expect(
      await screen.findByText(
        "В этом канале нет подписчика с Telegram ID 123 (ошибка 5: пользователь не найден). Проверьте ID.",
        { selector: ".bots-person-error" },
        WAIT,
      ),
    ).toBeTruthy();
  });

  it("keeps the page from the marketing role: not in the navigation, refused by URL", async () => {
    await live.render(`/c/1001/bots?user=${String(tgUserId(3))}`, "marketing");
    expect(
      await screen.findByText("Your role does not allow this page.", undefined, FIRST_LOAD),
    ).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Bot" })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Pages" });
    expect(within(nav).queryByRole("link", { name: "Bots" })).toBeNull();
  });
});
