import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SessionProvider } from "../../src/components/current-channel";
import type { SessionResponse } from "../../src/contract/session";
import type { DeliveriesSearch } from "../../src/features/deliveries/deliveries-search";
import { FunnelSection } from "../../src/features/deliveries/funnel/funnel-section";
import { renderWithDirectory } from "./directory-helpers";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { screen, waitFor, within } from "./testing-library";

const WAIT = { timeout: 10_000 };

// October 2026 in UTC against September: whole months, so the period before is September.
const PERIOD = { from: Date.UTC(2026, 9, 1), to: Date.UTC(2026, 10, 1) - 1 };
const BEFORE = { from: Date.UTC(2026, 8, 1), to: Date.UTC(2026, 9, 1) - 1 };

function delivery(
  id: number,
  name: string,
  date: string,
  [recipients, sent, errors, read, clicked, unsubscribed]: number[],
) {
  return {
    delivery_id: id,
    name,
    type: "subscription",
    status: "done",
    date,
    inactive: "0",
    count_recipients: String(recipients),
    count_send: String(sent),
    count_error: String(errors),
    count_read: String(read),
    count_transits: String(clicked),
    count_unsubscribers: String(unsubscribed),
  };
}

// Two deliveries in October, one in September, one in August (in neither period). The figures
// below are worked out by hand from these counters, not by the app's code.
const DELIVERIES = [
  delivery(1, "Autumn menu", "05.10.2026 10:00:00", [200, 190, 10, 150, 40, 2]),
  delivery(2, "Cold brew", "20.10.2026 09:00:00", [100, 100, 0, 50, 10, 3]),
  delivery(3, "September news", "15.09.2026 12:00:00", [150, 140, 10, 70, 35, 5]),
  delivery(4, "Summer", "01.08.2026 12:00:00", [999, 999, 0, 999, 999, 99]),
];

const PEOPLE = [
  {
    id: "7",
    date: "01.02.2026 10:00:00",
    status: 1,
    tg_user_id: 42,
    first_name: "Ada",
    last_name: "Lovelace",
    photo: "",
    subscriptions: [],
    utms: [],
    vars: [],
  },
];

const SESSION: SessionResponse = {
  username: "mia",
  role: "marketing",
  channels: [{ group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: "UTC" }],
};

type Search = Pick<DeliveriesSearch, "type" | "status" | "funnel" | "audience" | "people">;

/** The section with its URL state kept here, as the deliveries page keeps it in the URL. */
function Section() {
  const [search, setSearch] = useState<Search>({
    type: "",
    status: "",
    funnel: [],
    audience: "",
    people: [],
  });
  return (
    <SessionProvider session={SESSION}>
      <FunnelSection
        groupId={1001}
        timeZone="UTC"
        zoneLabel="UTC"
        period={PERIOD}
        previousPeriod={BEFORE}
        previousText="September 2026"
        search={search}
        onSearch={(patch) => {
          setSearch((old) => ({ ...old, ...patch }));
        }}
        userIdField="tg_user_id"
      />
    </SessionProvider>
  );
}

/** A stage's row of a funnel list: label, count, rate, count's change, rate's change. */
function stage(list: HTMLElement, name: string) {
  const row = list.querySelector<HTMLElement>(`[data-stage="${name}"]`);
  if (!row) throw new Error(`no stage ${name}`);
  const text = (selector: string) =>
    (row.querySelector(`${selector} [aria-hidden=true]`) ?? row.querySelector(selector))
      ?.textContent ?? "";
  return {
    value: row.querySelector(".funnel-stage-value")?.textContent,
    rate: row.querySelector(".funnel-stage-rate")?.textContent,
    change: text(".funnel-stage-change"),
    was: row.querySelector(".funnel-stage-change .change-text-previous")?.textContent,
    said: row.querySelector(".funnel-stage-change .visually-hidden")?.textContent,
    rateChange: text(".funnel-stage-rate-change"),
  };
}

describe("the deliveries funnel section", { timeout: 30_000 }, () => {
  let stub: HttpStub;
  beforeAll(async () => {
    stub = await startHttpStub();
    stub.handle((request, res) => {
      if (request.url === "/api/deliveries/get") {
        json(res, 200, { success: true, count: DELIVERIES.length, items: DELIVERIES });
      } else if (request.url === "/api/subscribers/get") {
        json(res, 200, { success: true, offset_id: "", items: PEOPLE });
      } else refuse(res, 404, "no");
    });
  });
  afterAll(() => stub.close());

  it("sums the period's deliveries, with rates and the change against the period before", async () => {
    renderWithDirectory(<Section />, stub.baseUrl);
    const totals = await screen.findByRole("list", { name: "Funnel of the period" }, WAIT);
    expect(screen.getByRole("heading", { name: "Total of 2 deliveries" })).toBeTruthy();
    // October: 300 recipients, 290 sent, 200 read, 50 clicked, 5 unsubscribed, 10 errors.
    // September: 150, 140, 70, 35, 5, 10.
    expect(stage(totals, "recipients")).toEqual({
      value: "300",
      rate: "",
      change: "+100%",
      was: " was 150",
      said: "up 100% from 150",
      rateChange: "",
    });
    expect(stage(totals, "sent")).toMatchObject({
      value: "290",
      rate: "96.7% of recipients",
      change: "+107%",
      // 96.7% against 93.3%.
      rateChange: "+3.3 p.p.",
    });
    expect(stage(totals, "read")).toMatchObject({
      value: "200",
      rate: "69% of sent",
      change: "+186%",
      // 69.0% against 50.0%.
      rateChange: "+19 p.p.",
    });
    expect(stage(totals, "clicked")).toMatchObject({
      value: "50",
      rate: "17.2% of sent",
      change: "+43%",
      // 17.2% against 25.0%.
      rateChange: "−7.8 p.p.",
    });
    expect(stage(totals, "unsubscribed")).toMatchObject({
      value: "5",
      rate: "1.7% of sent",
      change: "=",
      said: "no change from 5",
      // 1.72% against 3.57%: fewer unsubscribe, good news.
      rateChange: "−1.8 p.p.",
    });
    expect(
      totals.querySelector('[data-stage="unsubscribed"] .funnel-stage-rate-change .change-text')
        ?.className,
    ).toContain("change-text-good");
    expect(stage(totals, "errors")).toMatchObject({
      value: "10",
      rate: "3.3% of recipients",
      change: "=",
      // 3.3% against 6.7%.
      rateChange: "−3.3 p.p.",
    });
    expect(screen.getByText("Changes against September 2026.")).toBeTruthy();

    // The table lists October's two, newest first; August's and September's are not in it.
    const table = screen.getByRole("group", { name: "Deliveries of the period, newest first" });
    const names = within(table)
      .getAllByRole("rowheader")
      .map((cell) => within(cell).getByRole("button").textContent);
    expect(names).toEqual(["Cold brew", "Autumn menu"]);
  });

  it("opens one delivery's funnel and lists who did not read it, through subscribers/get", async () => {
    const user = userEvent.setup();
    stub.requests.length = 0;
    renderWithDirectory(<Section />, stub.baseUrl);
    const table = await screen.findByRole(
      "group",
      { name: "Deliveries of the period, newest first" },
      WAIT,
    );
    await user.click(within(table).getByRole("button", { name: "Cold brew" }));
    const own = screen.getByRole("list", { name: "Funnel of “Cold brew”" });
    expect(stage(own, "read")).toMatchObject({ value: "50", rate: "50% of sent" });
    // A single delivery has nothing to compare with.
    expect(own.querySelector(".funnel-stage-change")).toBeNull();
    // Sent 100: 50 did not read it, 90 clicked no link.
    expect(screen.getByRole("button", { name: "Who did not click (90)" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Who did not read (50)" }));
    expect(screen.getByRole("button", { name: "Who did not read (50)" }).ariaPressed).toBe("true");
    const list = await screen.findByRole("group", { name: "Who did not read “Cold brew”" }, WAIT);
    await waitFor(() => {
      expect(within(list).getByText("Ada Lovelace")).toBeTruthy();
    });
    const asked = stub.requests.find((request) => request.url === "/api/subscribers/get");
    expect(asked?.body).toMatchObject({ group_id: 1001, ignore_read_delivery_id: [2] });
  });
});
