import { screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiKeys } from "../../src/api/query-keys";
import { tgUserId } from "../support/seed";
import { startLiveApp, type LiveApp } from "./live-app";

const WAIT = { timeout: 10_000 };
/** The first render loads the page's lazy chunk, which a busy machine transforms slowly. */
const FIRST_LOAD = { timeout: 15_000 };

type User = ReturnType<typeof userEvent.setup>;

/** Telegram people 31..(30+n) added to the small data set, so a run has hundreds to go at. */
function addPeople(live: LiveApp, n: number): number[] {
  const insert = live.db.prepare(
    `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, photo, status, ignore, created_at)
     VALUES (1001, ?, 'Bulk', 'Person', '', 1, 0, 0)`,
  );
  const ids: number[] = [];
  live.db.transaction(() => {
    for (let k = 31; k <= 30 + n; k++) {
      insert.run(tgUserId(k));
      ids.push(tgUserId(k));
    }
  })();
  return ids;
}

/** Each person's value of a variable by user id; people without it are absent. */
function valuesOf(live: LiveApp, name: string): Map<number, string> {
  const rows = live.db
    .prepare(
      `SELECT s.user_id AS id, v.value AS value FROM variables v
         JOIN subscribers s ON s.id = v.subscriber_id WHERE v.name = ?`,
    )
    .all(name) as { id: number; value: string }[];
  return new Map(rows.map((row) => [row.id, row.value]));
}

/** Rows of the results table as [user id, result], every page of the current filter. */
async function allRows(user: User): Promise<[number, string][]> {
  const rows: [number, string][] = [];
  for (;;) {
    const table = screen.getByRole("table", { name: "Results" });
    for (const row of within(table).getAllByRole("row").slice(1)) {
      const [id, result] = within(row)
        .getAllByRole("cell")
        .map((cell) => cell.textContent);
      rows.push([Number(id), result ?? ""]);
    }
    const next = screen.queryByRole("button", { name: "Next" });
    if (!next || next.hasAttribute("disabled")) return rows;
    await user.click(next);
  }
}

async function show(user: User, option: RegExp) {
  const select = screen.getByRole<HTMLSelectElement>("combobox", { name: "Show" });
  const match = [...select.options].find((o) => option.test(o.text));
  if (!match) throw new Error(`no filter option ${String(option)}`);
  await user.selectOptions(select, match);
}

async function fill(user: User, name: string, value: string, ids: readonly number[]) {
  const nameField = screen.getByRole("textbox", { name: "Variable name" });
  await user.clear(nameField);
  await user.type(nameField, name);
  const valueField = screen.getByRole("textbox", { name: "Value" });
  await user.clear(valueField);
  await user.click(valueField);
  await user.paste(value);
  const idsField = screen.getByRole("textbox", { name: "User ids" });
  await user.clear(idsField);
  await user.click(idsField);
  await user.paste(ids.join("\n"));
}

async function openPage(live: LiveApp, role: "admin" | "support" = "support") {
  const view = await live.render("/c/1001/variables/bulk", role);
  await screen.findByRole(
    "heading",
    { level: 1, name: "Set a variable for many people" },
    FIRST_LOAD,
  );
  return view;
}

async function confirmRun(user: User, title: string) {
  const dialog = await screen.findByRole("alertdialog", { name: title });
  await user.click(within(dialog).getByRole("button", { name: "Set the variable" }));
}

describe("setting a variable for many people", { timeout: 90_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    live = await startLiveApp();
  });
  afterAll(() => live.close());

  it("survives a failure in the middle of 300 ids, then retries only what was not saved", async () => {
    const user = userEvent.setup();
    const people = addPeople(live, 300);
    // Five ids that are nobody (error 5: the run goes on) early in the list...
    const ids = [...people];
    ids.splice(40, 5, 9000, 9001, 9002, 9003, 9004);
    // ...and a storage failure for the 150th person (HTTP 500 from the service, 502 from the
    // gateway): a failure of the service, not of that person, so the run stops there.
    const broken = ids[150] ?? 0;
    live.db.exec(`
      CREATE TRIGGER inject_failure BEFORE INSERT ON variables
      WHEN NEW.subscriber_id = (SELECT id FROM subscribers WHERE channel_id = 1001 AND user_id = ${String(broken)})
      BEGIN SELECT RAISE(ABORT, 'injected storage failure'); END;
    `);
    const { queryClient } = await openPage(live);
    // A person's variables another page had loaded: refetched after the run.
    const varsKey = apiKeys.call(1001, "vars/get", { tg_user_id: ids[0] ?? 0 });
    queryClient.setQueryData(varsKey, { success: true, items: [] });

    const value = "<b>VIP</b> & co";
    await fill(user, "segment", value, ids);
    expect(screen.getByText("300 ids")).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    await confirmRun(user, "Set “segment” for 300 people?");

    await screen.findByRole("table", { name: "Results" }, WAIT);
    const saved = valuesOf(live, "segment");
    expect([...saved.values()].every((v) => v === value)).toBe(true);
    const notRun = 300 - saved.size - 6;
    expect(saved.size).toBeGreaterThanOrEqual(145);
    expect(notRun).toBeGreaterThan(100);
    // The value is shown as text, never as markup.
    expect(
      screen.getByText(
        `“segment” set to “${value}”: ${String(saved.size)} people saved, 6 failed, ${String(notRun)} not run.`,
      ),
    ).toBeTruthy();
    expect((await screen.findByRole("alert", {}, WAIT)).textContent).toContain(
      "The run stopped: The channel's service did not answer. Try again later.",
    );
    expect(queryClient.getQueryState(varsKey)?.isInvalidated).toBe(true);

    // Every id of the table says what happened to it, and the database agrees.
    const rows = await allRows(user);
    expect(rows.map(([id]) => id)).toEqual(ids);
    for (const [id, text] of rows) {
      if (saved.has(id)) expect(text).toBe("Saved");
      else expect(text).toMatch(/^(Failed|Not run): /);
    }
    await show(user, /^Saved/);
    const savedRows = await allRows(user);
    expect(savedRows.map(([id]) => id).sort()).toEqual([...saved.keys()].sort());
    expect(savedRows.every(([, text]) => text === "Saved")).toBe(true);
    await show(user, /^Failed/);
    expect(await allRows(user)).toEqual([
      ...[9000, 9001, 9002, 9003, 9004].map((id) => [id, "Failed: No such subscriber (error 5)."]),
      [broken, "Failed: The channel's service did not answer. Try again later."],
    ]);
    await show(user, /^Not run/);
    const notRunRows = await allRows(user);
    expect(notRunRows).toHaveLength(notRun);
    expect(notRunRows.every(([id]) => !saved.has(id) && id !== broken)).toBe(true);
    expect(notRunRows[0]?.[1]).toBe(
      "Not run: the run stopped (The channel's service did not answer. Try again later.)",
    );
    // Nothing after the failure was sent: the not-run ids are the end of the list.
    expect(notRunRows.map(([id]) => id)).toEqual(ids.slice(300 - notRun));

    // The storage mends, and one of the unknown ids becomes a person: retry. Saved people get
    // a marker first, so a retry that sent them again would show.
    live.db.exec("DROP TRIGGER inject_failure");
    live.db
      .prepare(
        `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, photo, status, ignore, created_at)
         VALUES (1001, 9000, 'Late', 'Comer', '', 1, 0, 0)`,
      )
      .run();
    live.db.prepare("UPDATE variables SET value = 'untouched' WHERE name = 'segment'").run();
    await user.click(
      screen.getByRole("button", {
        name: `Retry the failed and not run (${String(notRun + 6)})`,
      }),
    );
    await waitFor(() => {
      expect(
        screen.getByText(`“segment” set to “${value}”: 296 people saved, 4 failed.`),
      ).toBeTruthy();
    }, WAIT);
    const after = valuesOf(live, "segment");
    expect(after.size).toBe(296);
    for (const id of saved.keys()) expect(after.get(id)).toBe("untouched");
    for (const id of [...ids.slice(300 - notRun), broken, 9000]) expect(after.get(id)).toBe(value);
    expect(screen.queryByRole("alert")).toBeNull();
    await show(user, /^Failed/);
    expect((await allRows(user)).map(([id]) => id)).toEqual([9001, 9002, 9003, 9004]);
  });

  it("refuses a name the service would refuse at the field, before sending anything", async () => {
    const user = userEvent.setup();
    await openPage(live);
    await fill(user, "город", "x", [tgUserId(1)]);
    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    const name = screen.getByRole("textbox", { name: "Variable name" });
    await waitFor(() => {
      expect(name.getAttribute("aria-invalid")).toBe("true");
    });
    // The same words as every form that adds a variable, naming the letters that are Cyrillic.
    const message = screen.getByText(/^Use Latin letters only: .*г.* are Cyrillic\./u);
    expect(message.id).toBe(name.getAttribute("aria-describedby"));

    await fill(user, "a".repeat(65), "x".repeat(4097), [tgUserId(1)]);
    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    expect(await screen.findByText("At most 64 characters; this name has 65.")).toBeTruthy();
    expect(screen.getByText("At most 4,096 characters; this value has 4,097.")).toBeTruthy();
    expect(screen.queryByRole("alertdialog")).toBeNull();
    expect(screen.queryByRole("table", { name: "Results" })).toBeNull();
    expect(valuesOf(live, "город").size).toBe(0);
  });

  it("sets one person's variable without asking", async () => {
    const user = userEvent.setup();
    await openPage(live);
    await fill(user, " plan ", "silver", [tgUserId(2)]);
    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    expect(
      await screen.findByText("“plan” set to “silver”: 1 person saved.", undefined, WAIT),
    ).toBeTruthy();
    expect(screen.queryByRole("combobox", { name: "Show" })).toBeNull();
    expect(valuesOf(live, "plan").get(tgUserId(2))).toBe("silver");
  });

  it("is not in the marketing role's navigation, and refused by URL", async () => {
    await live.render("/c/1001/variables/bulk", "marketing");
    expect(
      await screen.findByText("Your role does not allow this page.", undefined, FIRST_LOAD),
    ).toBeTruthy();
    expect(screen.queryByRole("textbox", { name: "User ids" })).toBeNull();
    const nav = screen.getByRole("navigation", { name: "Pages" });
    expect(within(nav).queryByRole("link", { name: "Set for many" })).toBeNull();
  });
});

describe("cancelling a run of vars/set", { timeout: 90_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    // 40 calls a second: a run of 100 lasts long enough to press Cancel in the middle.
    live = await startLiveApp({ rateLimit: 40 });
  });
  afterAll(() => live.close());

  it("stops starting calls; the rest are not run (cancelled) and a retry finishes them", async () => {
    const user = userEvent.setup();
    const people = addPeople(live, 100);
    await openPage(live);
    const nav = screen.getByRole("navigation", { name: "Pages" });
    expect(within(nav).getByRole("link", { name: "Set for many" })).toBeTruthy();
    await fill(user, "tier", "2", people);
    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    await confirmRun(user, "Set “tier” for 100 people?");
    const bar = await screen.findByRole("progressbar", { name: "Saving the variable" }, WAIT);
    await waitFor(() => {
      expect(Number(bar.getAttribute("value"))).toBeGreaterThanOrEqual(8);
    }, WAIT);
    await user.click(screen.getByRole("button", { name: "Cancel" }));
    await screen.findByRole("table", { name: "Results" }, WAIT);

    const saved = valuesOf(live, "tier").size;
    expect(saved).toBeGreaterThanOrEqual(8);
    expect(saved).toBeLessThan(100);
    expect(
      screen.getByText(
        `“tier” set to “2”: ${String(saved)} people saved, ${String(100 - saved)} not run.`,
      ),
    ).toBeTruthy();
    await show(user, /^Not run/);
    const rows = await allRows(user);
    expect(rows).toHaveLength(100 - saved);
    expect(rows.every(([, text]) => text === "Not run (cancelled)")).toBe(true);

    await user.click(
      screen.getByRole("button", { name: `Retry the failed and not run (${String(100 - saved)})` }),
    );
    expect(
      await screen.findByText("“tier” set to “2”: 100 people saved.", undefined, WAIT),
    ).toBeTruthy();
    expect(valuesOf(live, "tier").size).toBe(100);
  });
});

describe("leaving the page while a run of vars/set is going", { timeout: 90_000 }, () => {
  let live: LiveApp;
  beforeAll(async () => {
    // 5 calls a second: a run of 50 lasts 10 s, long enough to try to leave in the middle
    // even on a busy machine (a run of 2.5 s could end while the question was still being
    // drawn, and a finished run lets the move go on by itself).
    live = await startLiveApp({ rateLimit: 5 });
  });
  afterAll(() => live.close());

  it("asks first: Stay keeps the run going, and it finishes", async () => {
    const user = userEvent.setup();
    const people = addPeople(live, 50);
    const { router } = await openPage(live);
    await fill(user, "stay", "1", people);
    await user.click(screen.getByRole("button", { name: "Set the variable" }));
    await confirmRun(user, "Set “stay” for 50 people?");
    await screen.findByRole("progressbar", { name: "Saving the variable" }, WAIT);
    void router.navigate("/c/1001/variables");
    const dialog = await screen.findByRole(
      "alertdialog",
      { name: "Stop the run and leave?" },
      WAIT,
    );
    expect(dialog.textContent).toMatch(/A run is under way — leaving stops it/);
    await user.click(within(dialog).getByRole("button", { name: "Stay" }));
    expect(
      await screen.findByText("“stay” set to “1”: 50 people saved.", undefined, {
        timeout: 40_000,
      }),
    ).toBeTruthy();
    expect(valuesOf(live, "stay").size).toBe(50);
    expect(router.state.location.pathname).toBe("/c/1001/variables/bulk");
  });
});
