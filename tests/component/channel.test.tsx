import { contractSchemas } from "../../src/api/contract-schemas";
import { i18n } from "@lingui/core";
import { act, render, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Channel } from "../../src/contract/entities";
import { ChannelCard } from "../../src/features/channel/channel-card";
import { messages as channelRu } from "../../src/features/channel/locales/ru.po";
import { pinDate, unpinDate } from "../support/clock";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { renderApp } from "./render-app";

const HOSTILE = "<img src=x onerror=alert(1)>";

const coffeeClub: Channel = {
  group_id: "1001",
  name: "Coffee Club",
  type_id: "2",
  type_name: "tg",
  photo: "https://example.org/c.png",
  external_id: "-100200300",
  workspace_id: "17",
};

const session = {
  username: "mia",
  role: "marketing",
  channels: [
    { group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: "Europe/Moscow" },
    { group_id: 1002, name: "Tea House", type_name: "VK", time_zone: "UTC" },
  ],
};

describe("the channel card", () => {
  // The zone is named by its offset on the day shown.
  beforeEach(() => {
    pinDate("2026-11-24T09:00:00Z");
  });
  afterEach(() => {
    unpinDate();
  });

  it("shows hostile values as inert text, and a javascript: photo as initials", () => {
    const { container } = render(
      <ChannelCard
        channel={{
          ...coffeeClub,
          name: HOSTILE,
          photo: "javascript:alert(1)",
          external_id: "<script>alert(2)</script>",
          workspace_id: '"><svg onload=alert(3)>',
        }}
        timeZone="<b>UTC</b>"
      />,
    );
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe(HOSTILE);
    expect(container.querySelector("img, script, svg, b")).toBeNull();
    expect(container.querySelector("[onerror], [onload]")).toBeNull();
    expect(screen.getByText("<script>alert(2)</script>")).toBeTruthy();
    expect(screen.getByText('"><svg onload=alert(3)>')).toBeTruthy();
    expect(screen.getByText("<b>UTC</b>")).toBeTruthy();
    const placeholder = container.querySelector(".channel-photo-placeholder");
    expect(placeholder?.textContent).toBe("IS");
    expect(placeholder?.getAttribute("aria-hidden")).toBe("true");
  });

  it.each([
    ["data:", "data:image/svg+xml,<svg onload=alert(1)>"],
    ["http:", "http://example.org/c.png"],
    ["protocol-relative", "//example.org/c.png"],
    ["empty", ""],
  ])("shows initials instead of a %s photo", (_what, photo) => {
    const { container } = render(<ChannelCard channel={{ ...coffeeClub, photo }} timeZone="UTC" />);
    expect(container.querySelector("img")).toBeNull();
    expect(container.querySelector(".channel-photo-placeholder")?.textContent).toBe("CC");
  });

  it("shows an https: photo, the kind, the ids and the session's time zone", () => {
    const { container } = render(<ChannelCard channel={coffeeClub} timeZone="Europe/Moscow" />);
    expect(container.querySelector("img")?.getAttribute("src")).toBe("https://example.org/c.png");
    const facts = Object.fromEntries(
      [...container.querySelectorAll(".fact")].map((fact): [string, string] => [
        fact.querySelector("dt")?.textContent ?? "",
        fact.querySelector("dd")?.textContent ?? "",
      ]),
    );
    expect(facts).toEqual({
      Kind: "Telegram",
      "Group id": "1001",
      "External id": "-100200300",
      "Workspace id": "17",
      "Time zone": "MSK (UTC+3)",
    });
    // As people say it, with the IANA name on hover.
    expect(screen.getByText("MSK (UTC+3)").getAttribute("title")).toBe("Europe/Moscow");
  });

  it("reads in Russian: the facts' names, the zone as people say it", () => {
    const { container } = render(
      <ChannelCard
        channel={{ ...coffeeClub, name: "", external_id: "" }}
        timeZone="Europe/Moscow"
      />,
    );
    act(() => {
      i18n.load("ru", channelRu);
      i18n.activate("ru");
    });
    const facts = Object.fromEntries(
      [...container.querySelectorAll(".fact")].map((fact): [string, string] => [
        fact.querySelector("dt")?.textContent ?? "",
        fact.querySelector("dd")?.textContent ?? "",
      ]),
    );
    expect(facts).toEqual({
      Тип: "Telegram",
      "ID группы": "1001",
      "Внешний ID": "не задан",
      "ID рабочего пространства": "17",
      "Часовой пояс": "МСК (UTC+3)",
    });
    expect(screen.getByRole("heading", { level: 2 }).textContent).toBe("Канал без названия");
  });

  it("names a VK channel", () => {
    render(<ChannelCard channel={{ ...coffeeClub, type_id: "1" }} timeZone="UTC" />);
    expect(screen.getByText("VK")).toBeTruthy();
  });
});

describe("the channel page", () => {
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

  it("shows an error with a retry when the answer breaks the contract, then the card", async () => {
    const user = userEvent.setup();
    let malformed = true;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/groups/get") {
        json(res, 200, {
          success: true,
          item: malformed ? { ...coffeeClub, type_id: 2 } : { ...coffeeClub, group_id: "1002" },
        });
      } else refuse(res, 404, "no");
    });
    renderApp("/c/1002", stub.baseUrl);

    expect(await screen.findByRole("heading", { level: 1, name: "Channel" })).toBeTruthy();
    await waitFor(() => {
      expect(document.title).toBe("Tea House · Channel Desk");
    });
    const message = await screen.findByText("Could not load the channel.");
    const alert = message.closest<HTMLElement>("[role=alert]");
    if (!alert) throw new Error("the channel's error is not an alert");
    // The failure's sentence comes with its own small chunk (src/components/error-text.tsx):
    // the error, fetched by the router along with the page's code, may show before it.
    await waitFor(() => {
      expect(alert.textContent).toContain("item.type_id");
    });
    expect(stub.requests.find((request) => request.url === "/api/groups/get")?.body).toEqual({
      group_id: 1002,
    });

    malformed = false;
    // The figures refused by this stub have their own Retry; this is the card's.
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });
    expect(screen.queryByText("Could not load the channel.")).toBeNull();
    const card = screen.getByRole("article", { name: "Coffee Club" });
    expect(within(card).getByText("UTC", { selector: "dd" })).toBeTruthy();
    // The page's chunk and its catalog are transformed on first use: slow on a busy machine.
  }, 20_000);

  it("shows a skeleton while the channel loads", async () => {
    let answer: () => void = () => undefined;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/groups/get") {
        answer = () => {
          json(res, 200, { success: true, item: coffeeClub });
        };
      } else refuse(res, 404, "no");
    });
    renderApp("/c/1001", stub.baseUrl);
    expect(await screen.findByText("Loading the channel…")).toBeTruthy();
    await waitFor(() => {
      expect(stub.requests.some((request) => request.url === "/api/groups/get")).toBe(true);
    });
    answer();
    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });
    expect(screen.queryByText("Loading the channel…")).toBeNull();
  });

  it("tells a person with no access to the channel so, and links their channels", async () => {
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else refuse(res, 404, "no");
    });
    renderApp("/c/4242", stub.baseUrl);
    expect(await screen.findByRole("heading", { name: "No access to this channel" })).toBeTruthy();
    expect(screen.getByText("4242")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Coffee Club" }).getAttribute("href")).toBe("/c/1001");
    expect(screen.getByRole("link", { name: "Tea House" }).getAttribute("href")).toBe("/c/1002");
    // On a first load the router waits for the session before it starts the page's first data
    // (src/app/page-loader.ts): nothing is asked for a channel the person has no access to.
    // (Calls for other channels are the previous test's page, which drew its figures as it
    // ended.) The contract's schemas are in by now, so a call would have gone out.
    const calls = () =>
      stub.requests.filter(
        (request) =>
          request.url.startsWith("/api/") &&
          (request.body as { group_id?: unknown } | undefined)?.group_id === 4242,
      );
    await contractSchemas();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(calls()).toEqual([]);
  });

  it("lists the session's channels in the switcher and switches to another", async () => {
    const user = userEvent.setup();
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/groups/get") {
        const groupId = (request.body as { group_id: number }).group_id;
        const name = groupId === 1001 ? "Coffee Club" : "Tea House";
        json(res, 200, { success: true, item: { ...coffeeClub, group_id: String(groupId), name } });
      } else refuse(res, 404, "no");
    });
    const { router } = renderApp("/c/1001", stub.baseUrl);
    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });
    expect(screen.getByText("mia")).toBeTruthy();
    expect(screen.getByText("Marketing")).toBeTruthy();

    await user.click(screen.getByText("Channel", { selector: ".channel-switcher-label" }));
    const tea = screen.getByRole("link", { name: /Tea House/ });
    expect(tea.getAttribute("href")).toBe("/c/1002");
    expect(screen.getByRole("link", { name: /Coffee Club/ }).getAttribute("aria-current")).toBe(
      "page",
    );
    await user.click(tea);
    await screen.findByRole("heading", { level: 2, name: "Tea House" });
    expect(router.state.location.pathname).toBe("/c/1002");
  }, 20_000);
});
