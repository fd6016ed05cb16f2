import { i18n } from "@lingui/core";
import { act, render, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { MemoryRouter } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Subscriber } from "../../src/contract/entities";
import { SubscriberDetails } from "../../src/features/subscribers/panel/subscriber-details";
import { plainSpaces } from "../support/i18n";
import { seedChannels, tgUserId } from "../support/seed";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { startLiveApp, type LiveApp } from "./live-app";
import { renderApp } from "./render-app";

const HOSTILE = "<img src=x onerror=alert(1)>";
// The panel's chunk is compiled on first use, which can take seconds on a busy machine.
const LOAD = { timeout: 20_000 };

/** The rows of a table as text, header first. */
function tableText(table: HTMLElement): string[][] {
  return [...table.querySelectorAll("tr")].map((row) =>
    [...row.querySelectorAll("th, td")].map((cell) => cell.textContent),
  );
}

function facts(container: HTMLElement): Record<string, string> {
  return Object.fromEntries(
    [...container.querySelectorAll(".panel-fact")].map((fact): [string, string] => [
      fact.querySelector("dt")?.textContent ?? "",
      fact.querySelector("dd")?.textContent ?? "",
    ]),
  );
}

describe("the subscriber panel", () => {
  let live: LiveApp;
  let hostileId: number;

  beforeAll(async () => {
    live = await startLiveApp();
    hostileId = Number(
      live.db
        .prepare(
          `INSERT INTO subscribers (channel_id, user_id, first_name, last_name, photo, status, ignore, created_at)
           VALUES (1001, 700000777, ?, '', 'javascript:alert(1)', 3, 1, 1773576000)`,
        )
        .run(HOSTILE).lastInsertRowid,
    );
    live.db
      .prepare("INSERT INTO variables (subscriber_id, name, value) VALUES (?, 'note', ?)")
      .run(hostileId, "<script>alert(2)</script>");
  });
  afterAll(async () => {
    await live.close();
  });

  it("shows a seeded person's details, subscriptions, UTM tags and variables", LOAD, async () => {
    const { container } = await live.render("/c/1001/subscribers/1");
    const heading = await screen.findByRole("heading", { level: 1, name: "Name1 Family1" }, LOAD);
    expect(heading).toBeTruthy();
    await waitFor(() => {
      expect(document.title).toBe("Name1 Family1 · Test Telegram · Channel Desk");
    });
    expect(facts(container)).toEqual({
      "Telegram user id": String(tgUserId(1)),
      "Record id": "1",
      "Date, MSK (UTC+3)": "14 Mar 2026, 13:00:00",
      Status: "Active",
    });
    expect(container.querySelector(".panel-photo")?.getAttribute("src")).toBe(
      "https://example.com/p1.jpg",
    );

    const subscriptions = screen.getByRole("region", { name: "Subscriptions" });
    // Names come from subscriptions/get, which may answer after the record.
    expect(await within(subscriptions).findByText("News")).toBeTruthy();
    expect(tableText(within(subscriptions).getByRole("table"))).toEqual([
      ["Subscription", "Since, MSK (UTC+3)", "Source"],
      // Sources in words, as everywhere else (the record says "widget" and "api").
      ["News", "14 Mar 2026, 13:00:00", "Widget"],
      ["Offers", "14 Mar 2026, 13:01:00", "API"],
    ]);
    const utms = screen.getByRole("region", { name: "UTM tags" });
    expect(await within(utms).findByText("Newsletter")).toBeTruthy();
    expect(tableText(within(utms).getByRole("table"))).toEqual([
      ["Tag", "Source", "Medium", "Campaign", "Content", "Term"],
      ["Newsletter", "email", "email", "–", "–", "–"],
    ]);
    const variables = screen.getByRole("region", { name: "Variables" });
    expect(tableText(within(variables).getByRole("table"))).toEqual([
      ["Name", "Value"],
      ["city", "Москва"],
      ["plan", "gold"],
    ]);

    expect(screen.getByRole("link", { name: "Back to subscribers" }).getAttribute("href")).toBe(
      "/c/1001/subscribers",
    );
    expect(screen.getByRole("link", { name: "Edit variables" }).getAttribute("href")).toBe(
      `/c/1001/variables?user=${String(tgUserId(1))}&record=1`,
    );
    expect(screen.getByRole("link", { name: "Start or stop a bot" }).getAttribute("href")).toBe(
      `/c/1001/bots?user=${String(tgUserId(1))}`,
    );
  });

  it("says the person's facts and sections in Russian", LOAD, async () => {
    act(() => {
      i18n.activate("ru");
    });
    const { container } = await live.render("/c/1001/subscribers/1");
    await screen.findByRole("heading", { level: 1, name: "Name1 Family1" }, LOAD);
    expect(
      Object.fromEntries(
        Object.entries(facts(container)).map(([term, value]) => [term, plainSpaces(value)]),
      ),
    ).toEqual({
      "Telegram ID": String(tgUserId(1)),
      "ID записи": "1",
      "Дата, МСК (UTC+3)": "14 мар. 2026, 13:00:00",
      Статус: "Активен",
    });
    const subscriptions = screen.getByRole("region", { name: "Группы подписчиков" });
    expect(await within(subscriptions).findByText("News")).toBeTruthy();
    const rows = tableText(within(subscriptions).getByRole("table"));
    expect(rows[0]).toEqual(["Группа подписчиков", "Дата подписки, МСК (UTC+3)", "Источник"]);
    expect(rows[1]?.[2]).toBe("Виджет");
    expect(screen.getByRole("region", { name: "UTM-метки" })).toBeTruthy();
    expect(screen.getByRole("region", { name: "Переменные" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "К списку подписчиков" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Изменить переменные" })).toBeTruthy();
  });

  it("says so for a person with no subscriptions, tags or variables", async () => {
    await live.render("/c/1001/subscribers/30", "support");
    await screen.findByRole("heading", { level: 1, name: "Name30 Family30" }, LOAD);
    expect(screen.getByText("Not subscribed to anything.")).toBeTruthy();
    expect(screen.getByText("No UTM tags.")).toBeTruthy();
    expect(screen.getByText("No variables.")).toBeTruthy();
    // Support may edit variables and run bots: both links are there.
    expect(screen.getByRole("link", { name: "Edit variables" })).toBeTruthy();
    expect(screen.getByRole("link", { name: "Start or stop a bot" })).toBeTruthy();
  });

  it.each([
    ["past the channel's last record", "/c/1001/subscribers/99999", "99999", "Test Telegram"],
    // The cursor answers the next record (31, of this channel) for a record that is not here.
    ["of another channel", `/c/${String(seedChannels.vk.groupId)}/subscribers/5`, "5", "Test VK"],
    ["that cannot be one", "/c/1001/subscribers/12abc", "12abc", "Test Telegram"],
  ])("says there is no subscriber for a record id %s", async (_what, path, shown, channel) => {
    await live.render(path);
    await screen.findByRole("heading", { level: 1, name: "Subscriber not found" }, LOAD);
    expect(screen.getByText(`No subscriber with record id ${shown}.`)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Back to subscribers" })).toBeTruthy();
    await waitFor(() => {
      expect(document.title).toBe(`Subscriber not found · ${channel} · Channel Desk`);
    });
  });

  it("shows a hostile name, photo and variable as inert text", async () => {
    const { container } = await live.render(`/c/1001/subscribers/${String(hostileId)}`);
    const heading = await screen.findByRole("heading", { level: 1, name: HOSTILE }, LOAD);
    expect(heading.textContent).toBe(HOSTILE);
    const main = screen.getByRole("main");
    expect(main.querySelector("img, script")).toBeNull();
    expect(main.querySelector("[onerror]")).toBeNull();
    expect(main.querySelector(".panel-photo-placeholder")?.textContent).toBe("IS");
    expect(screen.getByText("<script>alert(2)</script>")).toBeTruthy();
    expect(facts(container).Status).toBe("Status 3");
    expect(screen.getByText("On the block list")).toBeTruthy();
  });
});

describe("the subscriber panel's links", () => {
  const person: Subscriber = {
    id: "9",
    date: "01.03.2026 10:00:00",
    status: 1,
    vk_user_id: 500001,
    first_name: "Vk1",
    last_name: "Person1",
    photo: "",
    subscriptions: [],
    utms: [],
    vars: [],
  };

  it("leaves out what the role may not do", () => {
    render(
      <MemoryRouter>
        <SubscriberDetails
          subscriber={person}
          groupId={1002}
          timeZone="UTC"
          userIdField="vk_user_id"
          userIdLabel="VK user id"
          role="marketing"
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole("heading", { level: 1, name: "Vk1 Person1" })).toBeTruthy();
    expect(screen.queryByRole("link", { name: "Edit variables" })).toBeNull();
    expect(screen.queryByRole("link", { name: "Start or stop a bot" })).toBeNull();
  });
});

describe("the subscriber panel against a broken service", () => {
  let stub: HttpStub;
  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(async () => {
    await stub.close();
  });

  it("shows an error with a retry when the answer breaks the contract, then the person", async () => {
    const user = userEvent.setup();
    let malformed = true;
    const record = {
      id: "12",
      date: "01.03.2026 10:00:00",
      status: 1,
      tg_user_id: 700000012,
      first_name: "Anna",
      last_name: "Petrova",
      photo: "",
      subscriptions: [],
      utms: [],
      vars: [],
    };
    stub.handle((request, res) => {
      if (request.url === "/auth/session") {
        json(res, 200, {
          username: "sam",
          role: "support",
          channels: [
            { group_id: 1001, name: "Coffee", type_name: "Telegram", time_zone: "Europe/Moscow" },
          ],
        });
      } else if (request.url === "/api/subscribers/get") {
        json(res, 200, {
          success: true,
          offset_id: "12",
          items: [malformed ? { ...record, status: "active" } : record],
        });
      } else if (request.url === "/api/subscriptions/get" || request.url === "/api/utms/get") {
        json(res, 200, { success: true, count: 0, items: [] });
      } else refuse(res, 404, "no");
    });
    renderApp("/c/1001/subscribers/12", stub.baseUrl);

    const alert = await screen.findByText("Could not load the subscriber.", undefined, LOAD);
    // The failure's sentence arrives after the shell (src/components/error-text.tsx).
    await waitFor(() => {
      expect(alert.closest("[role=alert]")?.textContent).toContain("items[0].status");
    });
    expect(screen.getByRole("heading", { level: 1, name: "Subscriber" })).toBeTruthy();
    expect(stub.requests.find((request) => request.url === "/api/subscribers/get")?.body).toEqual({
      group_id: 1001,
      count: 1,
      offset_id: "11",
    });

    malformed = false;
    await user.click(screen.getByRole("button", { name: "Retry" }));
    await screen.findByRole("heading", { level: 1, name: "Anna Petrova" });
    expect(screen.queryByText("Could not load the subscriber.")).toBeNull();
  });
});
