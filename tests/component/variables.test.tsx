import { i18n } from "@lingui/core";
import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApi } from "../../src/api/api-context";
import type { Role } from "../../src/contract/roles";
import { tgUserId, vkUserId } from "../support/seed";
import { startLiveApp, type LiveApp } from "./live-app";
import { renderApp } from "./render-app";

/** The first render loads the page's lazy chunk, which a busy machine transforms slowly. */
const LOAD = { timeout: 20_000 };
const WAIT = { timeout: 5000 };
/** The password startLiveApp gives its accounts. */
const PASSWORD = "live-test-password";

type FetchWrapper = (fetch: typeof globalThis.fetch) => typeof globalThis.fetch;

/** The rows of the variables table as [name, value] text. */
function rows(): string[][] {
  const table = within(screen.getByRole("region", { name: "Variables" })).getByRole("table");
  return within(table)
    .getAllByRole("row")
    .slice(1)
    .map((row) => [
      within(row).getByRole("rowheader").textContent,
      within(row).getAllByRole("cell")[0]?.textContent ?? "",
    ]);
}

/** The row of one variable; `region` is the table's name in the language shown. */
function row(name: string, region = "Variables"): HTMLElement {
  const header = within(screen.getByRole("region", { name: region })).getByRole("rowheader", {
    name,
  });
  const element = header.closest("tr");
  if (!element) throw new Error(`no row for ${name}`);
  return element;
}

/** The message tied to a field by aria-describedby. */
function describedBy(field: HTMLElement): string {
  return (field.getAttribute("aria-describedby") ?? "")
    .split(" ")
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
}

describe("the variables page against the local Channel API", { timeout: 60_000 }, () => {
  let live: LiveApp;
  /** Calls of each operation the page sent, by `/api/<op>` path. */
  const sent: string[] = [];

  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  const variablesOf = (recordId: number) =>
    Object.fromEntries(
      (
        live.db
          .prepare("SELECT name, value FROM variables WHERE subscriber_id = ? ORDER BY name")
          .all(recordId) as { name: string; value: string }[]
      ).map((item) => [item.name, item.value]),
    );

  async function signIn(role: Role): Promise<string> {
    const login = await fetch(`${live.gateway.url}/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "X-Channel-Desk": "1" },
      body: JSON.stringify({ username: role, password: PASSWORD }),
    });
    if (!login.ok) throw new Error(`sign-in as ${role} failed: HTTP ${String(login.status)}`);
    return (login.headers.getSetCookie()[0] ?? "").split(";")[0] ?? "";
  }

  /** A call to the gateway as the browser would send it, without the app's client. */
  async function postAs(role: Role, operation: string, fields: Record<string, unknown>) {
    return fetch(`${live.gateway.url}/api/${operation}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "X-Channel-Desk": "1",
        cookie: await signIn(role),
      },
      body: JSON.stringify({ group_id: 1001, ...fields }),
    });
  }

  /** Like live.render, with the browser's fetch passed through `wrap` (a test-only path). */
  async function render(path: string, role: Role = "support", wrap: FetchWrapper = (f) => f) {
    const cookie = await signIn(role);
    const withCookie: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set("cookie", cookie);
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      sent.push(new URL(url).pathname);
      return fetch(input, { ...init, headers });
    };
    return renderApp(
      path,
      createApi({ baseUrl: live.gateway.url, timeoutMs: 5000, fetch: wrap(withCookie) }),
    );
  }

  it("reads, edits, adds and deletes a person's variables (set/get/del round trip)", async () => {
    const user = userEvent.setup();
    await render(`/c/1001/variables?user=${String(tgUserId(1))}&record=1`);
    expect(
      await screen.findByRole("heading", { level: 2, name: "Name1 Family1" }, LOAD),
    ).toBeTruthy();
    await screen.findByRole("table", undefined, WAIT);
    expect(rows()).toEqual([
      ["city", "Москва"],
      ["plan", "gold"],
    ]);
    // Support may start a bot: the link is there, for this person.
    expect(screen.getByRole("link", { name: "Start or stop a bot" }).getAttribute("href")).toBe(
      `/c/1001/bots?user=${String(tgUserId(1))}&record=1`,
    );

    // Edit in place: Enter saves.
    await user.click(within(row("plan")).getByRole("button", { name: "Edit plan" }));
    const editor = within(row("plan")).getByRole("textbox", { name: "Value of plan" });
    expect(document.activeElement).toBe(editor);
    await user.clear(editor);
    await user.type(editor, "silver{Enter}");
    await waitFor(() => {
      expect(variablesOf(1)).toEqual({ city: "Москва", plan: "silver" });
    }, WAIT);
    await waitFor(() => {
      expect(rows()).toEqual([
        ["city", "Москва"],
        ["plan", "silver"],
      ]);
    }, WAIT);

    // Escape cancels without sending.
    const before = sent.filter((path) => path === "/api/vars/set").length;
    await user.click(within(row("city")).getByRole("button", { name: "Edit city" }));
    await user.type(within(row("city")).getByRole("textbox"), " changed{Escape}");
    expect(within(row("city")).queryByRole("textbox")).toBeNull();
    expect(document.activeElement).toBe(
      within(row("city")).getByRole("button", { name: "Edit city" }),
    );
    expect(sent.filter((path) => path === "/api/vars/set").length).toBe(before);

    // Add: HTML in a value is text, never markup.
    await user.type(screen.getByRole("textbox", { name: "Name" }), "note");
    await user.type(screen.getByRole("textbox", { name: "Value" }), "<b>bold</b>");
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await waitFor(() => {
      expect(variablesOf(1)).toEqual({ city: "Москва", note: "<b>bold</b>", plan: "silver" });
    }, WAIT);
    await waitFor(() => {
      expect(rows()).toEqual([
        ["city", "Москва"],
        ["note", "<b>bold</b>"],
        ["plan", "silver"],
      ]);
    }, WAIT);
    expect(row("note").querySelector("b")).toBeNull();
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Name" }).value).toBe("");

    // A name the person already has is pointed at its row, not overwritten.
    await user.type(screen.getByRole("textbox", { name: "Name" }), "plan");
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    expect(describedBy(screen.getByRole("textbox", { name: "Name" }))).toContain(
      "This person already has “plan”",
    );
    await user.clear(screen.getByRole("textbox", { name: "Name" }));

    // Delete asks first; Cancel keeps it, Delete removes it.
    await user.click(within(row("city")).getByRole("button", { name: "Delete city" }));
    let dialog = await screen.findByRole("alertdialog", { name: "Delete the variable “city”?" });
    expect(dialog.textContent).toContain("Москва");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    expect(variablesOf(1)).toHaveProperty("city");
    await user.click(within(row("city")).getByRole("button", { name: "Delete city" }));
    dialog = await screen.findByRole("alertdialog", { name: "Delete the variable “city”?" });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await waitFor(() => {
      expect(variablesOf(1)).toEqual({ note: "<b>bold</b>", plan: "silver" });
    }, WAIT);
    await waitFor(() => {
      expect(rows().map(([name]) => name)).toEqual(["note", "plan"]);
    }, WAIT);
    expect(screen.getByRole("heading", { name: "2 variables" })).toBeTruthy();
  });

  it("empties the add form after an add, and checks a name against the list as it is now", async () => {
    const user = userEvent.setup();
    await render(`/c/1001/variables?user=${String(tgUserId(5))}`);
    await screen.findByText("This person has no variables yet: add one below.", undefined, LOAD);
    const name = screen.getByRole<HTMLInputElement>("textbox", { name: "Name" });
    const value = screen.getByRole<HTMLTextAreaElement>("textbox", { name: "Value" });

    await user.type(name, "coupon");
    await user.type(value, "SPRING");
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await waitFor(() => {
      expect(rows().map(([item]) => item)).toContain("coupon");
    }, WAIT);
    await screen.findByText("Added “coupon”.", undefined, WAIT);
    expect([name.value, value.value]).toEqual(["", ""]);
    expect(name.getAttribute("aria-invalid")).toBeNull();

    // The same name again is pointed at its row...
    await user.type(name, "coupon");
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await waitFor(() => {
      expect(describedBy(name)).toContain("This person already has “coupon”");
    });
    // ...until that variable is deleted: then the name is free, and the form says so at once.
    await user.click(within(row("coupon")).getByRole("button", { name: "Delete coupon" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Delete the variable “coupon”?",
    });
    await user.click(within(dialog).getByRole("button", { name: "Delete" }));
    await screen.findByText("This person has no variables yet: add one below.", undefined, WAIT);
    await waitFor(() => {
      expect(name.getAttribute("aria-invalid")).toBeNull();
    }, WAIT);
    expect(describedBy(name)).not.toContain("already has");
    await user.type(value, "AUTUMN{Enter}");
    await waitFor(() => {
      expect(variablesOf(5)).toHaveProperty("coupon", "AUTUMN");
    }, WAIT);
    await waitFor(() => {
      expect([name.value, value.value]).toEqual(["", ""]);
    }, WAIT);
  });

  it("refuses a Cyrillic name at the field before sending anything", async () => {
    const user = userEvent.setup();
    await render(`/c/1001/variables?user=${String(tgUserId(2))}`);
    await screen.findByRole("table", undefined, LOAD);
    const before = sent.filter((path) => path === "/api/vars/set").length;
    const name = screen.getByRole("textbox", { name: "Name" });
    await user.type(name, "имя");
    await user.type(screen.getByRole("textbox", { name: "Value" }), "x");
    await user.click(screen.getByRole("button", { name: "Add variable" }));
    await waitFor(() => {
      expect(name.getAttribute("aria-invalid")).toBe("true");
    });
    expect(describedBy(name)).toBe(
      "Use Latin letters only: “и”, “м”, “я” are Cyrillic. A name may have Latin letters, digits and _.",
    );
    expect(sent.filter((path) => path === "/api/vars/set").length).toBe(before);
    expect(variablesOf(2)).toEqual({ city: "City2" });
  });

  it("shows the service's error 11 at the name field when such a name is sent anyway", async () => {
    // The gateway itself answers error 11 to a Cyrillic name, whoever sends it.
    const direct = await postAs("support", "vars/set", {
      tg_user_id: tgUserId(3),
      name: "имя",
      value: "x",
    });
    expect(direct.status).toBe(200);
    expect(await direct.json()).toMatchObject({ success: false, error_code: 11 });
    const user = userEvent.setup();
    // Test-only path below the form: the name leaves the browser as "имя", as an older client
    // or a hand-made request would send it; the form and the client saw "ok_name".
    const cyrillicName: FetchWrapper = (next) => (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith("/api/vars/set") && typeof init?.body === "string") {
        const body = JSON.parse(init.body) as Record<string, unknown>;
        return next(input, { ...init, body: JSON.stringify({ ...body, name: "имя" }) });
      }
      return next(input, init);
    };
    await render(`/c/1001/variables?user=${String(tgUserId(3))}`, "support", cyrillicName);
    await screen.findByRole("table", undefined, LOAD);
    const name = screen.getByRole("textbox", { name: "Name" });
    await user.type(name, "ok_name");
    await user.type(screen.getByRole("textbox", { name: "Value" }), "x{Enter}");
    await waitFor(() => {
      expect(name.getAttribute("aria-invalid")).toBe("true");
    }, WAIT);
    expect(describedBy(name)).toBe(
      "A variable name may have only Latin letters, digits and _ (error 11).",
    );
    expect(document.activeElement).toBe(name);
    // Rolled back: the row that appeared at once is gone again, and nothing was stored.
    await waitFor(() => {
      expect(rows()).toEqual([["city", "City3"]]);
    }, WAIT);
    expect(variablesOf(3)).toEqual({ city: "City3" });
    // What was typed is kept for another try.
    expect((name as HTMLInputElement).value).toBe("ok_name");
  });

  it("rolls a failed edit back, shows why in the row and keeps what was typed", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let releaseReads: () => void = () => undefined;
    const readGate = new Promise<void>((resolve) => {
      releaseReads = resolve;
    });
    let saving = false;
    // The save is held until the test has seen the optimistic value, then refused by the
    // service (error 11 for a name it will not take). Reads after it wait too, so what the
    // table shows meanwhile can only come from the rollback, not from a fresh vars/get.
    const failingSave: FetchWrapper = (next) => async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith("/api/vars/set") && typeof init?.body === "string") {
        saving = true;
        await gate;
        const body = JSON.parse(init.body) as Record<string, unknown>;
        return next(input, { ...init, body: JSON.stringify({ ...body, name: "план" }) });
      }
      if (url.endsWith("/api/vars/get") && saving) await readGate;
      return next(input, init);
    };
    const personId = tgUserId(1);
    await render(`/c/1001/variables?user=${String(personId)}`, "support", failingSave);
    await screen.findByRole("table", undefined, LOAD);
    const stored = variablesOf(1);
    await user.click(within(row("plan")).getByRole("button", { name: "Edit plan" }));
    const editor = within(row("plan")).getByRole("textbox");
    await user.clear(editor);
    await user.type(editor, "platinum{Enter}");

    // Optimistic: the new value shows at once, its buttons wait.
    await waitFor(() => {
      expect(within(row("plan")).getByRole("cell", { name: /platinum/ })).toBeTruthy();
    });
    expect(within(row("plan")).getByText("Saving…")).toBeTruthy();
    const edit = within(row("plan")).getByRole("button", { name: "Edit plan" });
    expect(edit.getAttribute("aria-disabled")).toBe("true");
    await user.click(edit);
    expect(within(row("plan")).queryByRole("textbox")).toBeNull();

    release();
    const reopened = await within(row("plan")).findByRole("textbox", undefined, WAIT);
    expect((reopened as HTMLTextAreaElement).value).toBe("platinum");
    expect(describedBy(reopened)).toBe(
      "A variable name may have only Latin letters, digits and _ (error 11).",
    );
    expect(variablesOf(1)).toEqual(stored);
    // Cancel shows the old value, put back by the rollback while the list is not refetched.
    await user.click(within(row("plan")).getByRole("button", { name: "Cancel editing plan" }));
    expect(rows().find(([name]) => name === "plan")).toEqual(["plan", stored.plan]);
    releaseReads();
  });

  it("keeps the table and what was typed when a refetch fails, with a notice and a retry", async () => {
    const user = userEvent.setup();
    let failReads = false;
    const flakyReads: FetchWrapper = (next) => async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith("/api/vars/get") && failReads) throw new TypeError("Failed to fetch");
      return next(input, init);
    };
    const { queryClient } = await render(
      `/c/1001/variables?user=${String(tgUserId(1))}`,
      "support",
      flakyReads,
    );
    await screen.findByRole("table", undefined, LOAD);
    const name = screen.getByRole("textbox", { name: "Name" });
    await user.type(name, "half_typed");
    failReads = true;
    // A background refetch (focus, another save, ...) that fails.
    await queryClient.refetchQueries({ type: "active" });
    const notice = await screen.findByText(/Could not refresh the variables/, undefined, WAIT);
    expect(notice.closest("[role=status]")).toBeTruthy();
    expect(screen.getByRole("table")).toBeTruthy();
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Name" }).value).toBe(
      "half_typed",
    );
    failReads = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await waitFor(() => {
      expect(screen.queryByText(/Could not refresh the variables/)).toBeNull();
    }, WAIT);
  });

  it("sends one add for a second Enter while the first is on its way, keeping new typing", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let sets = 0;
    const slowSave: FetchWrapper = (next) => async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith("/api/vars/set")) {
        sets += 1;
        await gate;
      }
      return next(input, init);
    };
    await render(`/c/1001/variables?user=${String(tgUserId(2))}`, "support", slowSave);
    const name = await screen.findByRole("textbox", { name: "Name" }, LOAD);
    const value = screen.getByRole("textbox", { name: "Value" });
    await user.type(name, "first_added");
    await user.type(value, "one{Enter}");
    await waitFor(() => {
      expect(sets).toBe(1);
    }, WAIT);
    await user.clear(name);
    await user.type(name, "second_added");
    await user.type(value, "{Enter}");
    release();
    await screen.findByText("Added “first_added”.", undefined, WAIT);
    await screen.findByRole("button", { name: "Add variable" }, WAIT);
    expect(sets).toBe(1);
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: "Name" }).value).toBe(
      "second_added",
    );
  });

  it("reopens a failed edit without taking the focus from where the user is typing", async () => {
    const user = userEvent.setup();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    // The save is held, then refused (error 11 for a name the service will not take).
    const failingSave: FetchWrapper = (next) => async (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      if (url.endsWith("/api/vars/set") && typeof init?.body === "string") {
        await gate;
        const body = JSON.parse(init.body) as Record<string, unknown>;
        return next(input, { ...init, body: JSON.stringify({ ...body, name: "план" }) });
      }
      return next(input, init);
    };
    await render(`/c/1001/variables?user=${String(tgUserId(1))}`, "support", failingSave);
    await screen.findByRole("table", undefined, LOAD);
    await user.click(within(row("plan")).getByRole("button", { name: "Edit plan" }));
    await user.type(within(row("plan")).getByRole("textbox"), "-new{Enter}");
    await within(row("plan")).findByText("Saving…", undefined, WAIT);
    const name = screen.getByRole("textbox", { name: "Name" });
    await user.click(name);
    await user.type(name, "typing");
    release();
    const reopened = await within(row("plan")).findByRole("textbox", undefined, WAIT);
    expect(describedBy(reopened)).toBe(
      "A variable name may have only Latin letters, digits and _ (error 11).",
    );
    expect(document.activeElement).toBe(name);
    await user.type(name, "_on");
    expect((name as HTMLInputElement).value).toBe("typing_on");
  });

  it("works on a VK channel, from a pasted profile link", async () => {
    const user = userEvent.setup();
    const { router } = await render("/c/1002/variables");
    const field = await screen.findByRole("textbox", { name: "VK user id or profile link" }, LOAD);
    await user.type(field, "https://vk.com/durov");
    expect(describedBy(field)).toMatch(/“durov” is a VK screen name/);
    await user.clear(field);
    await user.type(field, `https://m.vk.com/id${String(vkUserId(2))}`);
    expect(describedBy(field)).toBe(`User id ${String(vkUserId(2))} (from a VK profile link)`);
    await user.click(screen.getByRole("button", { name: "Open" }));
    expect(router.state.location.search).toBe(`?user=${String(vkUserId(2))}`);
    expect(
      await screen.findByText("This person has no variables yet: add one below.", undefined, WAIT),
    ).toBeTruthy();
    expect(screen.getByText(/^VK user id 500002\./)).toBeTruthy();

    await user.type(screen.getByRole("textbox", { name: "Name" }), "lang");
    await user.type(screen.getByRole("textbox", { name: "Value" }), "en{Enter}");
    await waitFor(() => {
      expect(rows()).toEqual([["lang", "en"]]);
    }, WAIT);
    const record = live.db
      .prepare("SELECT id FROM subscribers WHERE channel_id = 1002 AND user_id = ?")
      .get(vkUserId(2)) as { id: number };
    expect(variablesOf(record.id)).toEqual({ lang: "en" });
  });

  it("takes the last person's card away when a new entry is refused, keeping what was typed", async () => {
    const user = userEvent.setup();
    const { router } = await render(`/c/1001/variables?user=${String(tgUserId(3))}`);
    await screen.findByRole("table", undefined, LOAD);
    expect(screen.getAllByRole("heading", { level: 2 }).length).toBeGreaterThan(0);
    const field = screen.getByRole("textbox", { name: "Telegram user id or profile link" });
    await user.clear(field);
    await user.type(field, "vk.com/durov");
    await user.click(screen.getByRole("button", { name: "Open" }));
    await waitFor(() => {
      expect(screen.queryByRole("table")).toBeNull();
    }, WAIT);
    expect(screen.queryAllByRole("heading", { level: 2 })).toEqual([]);
    expect(router.state.location.search).toBe("");
    expect(field.getAttribute("aria-invalid")).toBe("true");
    expect(screen.getByRole<HTMLInputElement>("textbox", { name: /Telegram user id/ }).value).toBe(
      "vk.com/durov",
    );
  });

  it("folds a long value, with its whole text one click away, as text", async () => {
    const user = userEvent.setup();
    const long = `<script>alert(1)</script>${"word ".repeat(100)}end`;
    live.db
      .prepare("INSERT INTO variables (subscriber_id, name, value) VALUES (4, 'long_one', ?)")
      .run(long);
    await render(`/c/1001/variables?user=${String(tgUserId(4))}`);
    await screen.findByRole("table", undefined, LOAD);
    const toggle = within(row("long_one")).getByRole("button", {
      name: `Show all ${String(long.length)} characters`,
    });
    expect(toggle.getAttribute("aria-expanded")).toBe("false");
    const text = document.getElementById(toggle.getAttribute("aria-controls") ?? "");
    expect(text?.textContent).toBe(long);
    expect(text?.className).toContain("variables-folded");
    expect(row("long_one").querySelector("script")).toBeNull();
    await user.click(toggle);
    expect(toggle.getAttribute("aria-expanded")).toBe("true");
    expect(toggle.textContent).toBe("Show less");
    expect(text?.className).not.toContain("variables-folded");
  });

  it("says plainly when the id is not a subscriber of the channel", async () => {
    await render("/c/1001/variables?user=123");
    const alert = await screen.findByRole("alert", undefined, LOAD);
    expect(alert.textContent).toContain("Not a subscriber of Test Telegram");
    expect(alert.textContent).toContain("No subscriber of this channel has the user id 123.");
  });

  it("asks before leaving with an unsaved edit", async () => {
    const user = userEvent.setup();
    const { router } = await render(`/c/1001/variables?user=${String(tgUserId(2))}`);
    await screen.findByRole("table", undefined, LOAD);
    await user.click(within(row("city")).getByRole("button", { name: "Edit city" }));
    await user.type(within(row("city")).getByRole("textbox"), "!");
    await user.click(screen.getByRole("link", { name: "Channel" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Leave without saving?" });
    expect(dialog.textContent).toContain("Your edit of “city” is not saved.");
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(router.state.location.pathname).toBe("/c/1001/variables");
    expect(within(row("city")).getByRole<HTMLTextAreaElement>("textbox").value).toBe("City2!");

    await user.click(screen.getByRole("link", { name: "Channel" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Leave" }),
    );
    await waitFor(() => {
      expect(router.state.location.pathname).toBe("/c/1001");
    }, WAIT);
  });

  it("asks before signing out with an unsaved edit, and ends the session only on leaving", async () => {
    const user = userEvent.setup();
    const { router } = await render(`/c/1001/variables?user=${String(tgUserId(3))}`);
    await screen.findByRole("table", undefined, LOAD);
    await user.click(within(row("city")).getByRole("button", { name: "Edit city" }));
    await user.type(within(row("city")).getByRole("textbox"), "!");
    await user.click(screen.getByRole("button", { name: "Sign out" }));
    // The leave guard asks, about signing out; nothing has ended the session, so no
    // "session ended" dialog.
    const dialog = await screen.findByRole("alertdialog", { name: "Sign out without saving?" });
    expect(screen.queryByText("Your session has ended")).toBeNull();
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(router.state.location.pathname).toBe("/c/1001/variables");
    expect(sent).not.toContain("/auth/logout");
    expect(within(row("city")).getByRole<HTMLTextAreaElement>("textbox").value).toBe("City3!");

    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await user.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Sign out" }),
    );
    await screen.findByRole("textbox", { name: "User name" }, WAIT);
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(sent).toContain("/auth/logout");
    expect(screen.queryByText("Your session has ended")).toBeNull();
  });

  it("speaks Russian: counts by CLDR, its own refusal at the field, a delete asked and said", async () => {
    const user = userEvent.setup();
    const personId = tgUserId(20);
    for (const name of ["a1", "a2", "a3", "a4", "a5"]) {
      const answer = await postAs("support", "vars/set", {
        tg_user_id: personId,
        name,
        value: name,
      });
      expect(answer.status).toBe(200);
    }
    act(() => {
      i18n.activate("ru");
    });
    await render(`/c/1001/variables?user=${String(personId)}`);
    // 5 of them: "переменных" (many); after one delete 4: "переменные" (few).
    expect(
      await screen.findByRole("heading", { level: 2, name: "5 переменных" }, LOAD),
    ).toBeTruthy();
    expect(document.title).toBe(
      `Переменные пользователя ${String(personId)} · Test Telegram · Channel Desk`,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Переменные" })).toBeTruthy();

    await user.click(within(row("a1", "Переменные")).getByRole("button", { name: "Удалить «a1»" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Удалить переменную «a1»?" });
    expect(dialog.textContent).toContain(
      "Боты и сообщения, которые её используют, больше её не найдут.",
    );
    // The value is quoted as the name is, and dismissing a dialog is «Отмена» everywhere.
    expect(dialog.textContent).toContain("Её значение «a1» будет удалено");
    expect(within(dialog).getByRole("button", { name: "Отмена" })).toBeTruthy();
    await user.click(within(dialog).getByRole("button", { name: "Удалить" }));
    expect(
      await screen.findByRole("heading", { level: 2, name: "4 переменные" }, WAIT),
    ).toBeTruthy();
    // The toast is drawn on its own, not with the list: it may come after the heading.
    expect(await screen.findByText("Переменная «a1» удалена.", {}, WAIT)).toBeTruthy();

    // Dismissing an edit is «Отмена» too (its name says which edit).
    await user.click(
      within(row("a2", "Переменные")).getByRole("button", { name: "Изменить «a2»" }),
    );
    expect(
      within(row("a2", "Переменные")).getByRole("button", { name: "Отменить правку «a2»" })
        .textContent,
    ).toBe("Отмена");
    await user.keyboard("{Escape}");

    // The form's own check, said in Russian: the name is already there.
    const name = screen.getByRole("textbox", { name: "Имя" });
    await user.type(name, "a2");
    await user.type(screen.getByRole("textbox", { name: "Значение" }), "y{Enter}");
    await waitFor(() => {
      expect(name.getAttribute("aria-invalid")).toBe("true");
    }, WAIT);
    expect(describedBy(name)).toBe(
      "У этого человека уже есть «a2»: измените её кнопкой «Изменить» в её строке.",
    );
    expect(screen.getByRole("button", { name: "Добавить переменную" })).toBeTruthy();
    expect(variablesOf(20).a2).toBe("a2");
  });

  it("says in Russian that an id is not a subscriber, with the service's code in words", async () => {
    act(() => {
      i18n.activate("ru");
    });
    await render("/c/1001/variables?user=123");
    const alert = await screen.findByRole("alert", undefined, LOAD);
    expect(alert.textContent).toContain("Не подписчик канала Test Telegram");
    // Words, not the API's field name; the service's answer on its own line, not in brackets
    // holding brackets ("(Такого подписчика нет (ошибка 5).)").
    const lines = [...alert.querySelectorAll("p")].map((line) => line.textContent);
    expect(lines).toEqual([
      "Не подписчик канала Test Telegram",
      "Среди подписчиков канала нет человека с ID пользователя 123. Проверьте ID — возможно, человек подписан на другой канал.",
      "Ответ сервиса: Такого подписчика нет (ошибка 5).",
    ]);
    expect(alert.textContent).not.toMatch(/user not found|subscriber/i);
  });

  it("is not there for marketing: no link, a refusal at the URL, 403 at the gateway", async () => {
    await render(`/c/1001/variables?user=${String(tgUserId(1))}`, "marketing");
    expect(
      await screen.findByText("Your role does not allow this page.", undefined, LOAD),
    ).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Variables" })).toBeNull();
    expect(screen.queryByRole("table")).toBeNull();

    const answer = await postAs("marketing", "vars/set", {
      tg_user_id: tgUserId(1),
      name: "x",
      value: "y",
    });
    expect(answer.status).toBe(403);
    expect(variablesOf(1)).not.toHaveProperty("x");
  });
});
