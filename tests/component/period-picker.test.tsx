import { act, render, screen, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CurrentChannelProvider } from "../../src/components/current-channel";
import { PeriodPicker, usePeriodSearch } from "../../src/components/period-picker";

// 23 Nov 2026 15:00 in Moscow.
const NOW = new Date(Date.UTC(2026, 10, 23, 12, 0, 0));
const channel = {
  group_id: 1001,
  name: "Demo",
  type_name: "Telegram" as const,
  time_zone: "Europe/Moscow",
};

function Page() {
  const { choice, period, now, setChoice } = usePeriodSearch();
  const location = useLocation();
  return (
    <>
      <PeriodPicker
        choice={choice}
        period={period}
        now={now}
        onChange={(next) => {
          setChoice(next, { reset: ["offset"] });
        }}
      />
      <output data-testid="asked">{`${period.dateFrom} – ${period.dateTo}`}</output>
      <output data-testid="search">{location.search}</output>
    </>
  );
}

function renderPicker(path = "/c/1001/subscriptions") {
  const router = createMemoryRouter(
    [
      {
        path: "/c/:groupId/subscriptions",
        element: (
          <CurrentChannelProvider channel={channel}>
            <Page />
          </CurrentChannelProvider>
        ),
      },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const asked = () => screen.getByTestId("asked").textContent;
const search = () => screen.getByTestId("search").textContent;

describe("PeriodPicker", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: NOW, toFake: ["Date"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("starts on 30 days in the channel's zone and says the days and the zone", () => {
    renderPicker();
    const group = screen.getByRole("radiogroup", { name: "Period" });
    expect(within(group).getByRole("radio", { name: "30 days" })).toHaveProperty("checked", true);
    expect(asked()).toBe("25.10.2026 00:00:00 – 23.11.2026 23:59:59");
    expect(group.getAttribute("aria-describedby")).toBeTruthy();
    const range = document.getElementById(group.getAttribute("aria-describedby") ?? "");
    expect(range?.textContent).toBe("25 October\u2009–\u200923 November 2026, MSK (UTC+3)");
    // The zone's IANA name, for whoever needs it, on hover.
    expect(range?.getAttribute("title")).toBe("Europe/Moscow");
    expect(range?.getAttribute("aria-live")).toBe("polite");
  });

  it("writes a preset into the URL, keeping other keys and dropping the reset ones", async () => {
    const user = userEvent.setup();
    renderPicker("/c/1001/subscriptions?sub=4&offset=300");
    await user.click(screen.getByRole("radio", { name: "Previous month" }));
    expect(search()).toBe("?sub=4&period=previous-month");
    expect(asked()).toBe("01.10.2026 00:00:00 – 31.10.2026 23:59:59");
  });

  it("is one tab stop, on the chosen preset (arrow keys are checked in Chromium, e2e)", async () => {
    const user = userEvent.setup();
    renderPicker("/c/1001/subscriptions?period=7d");
    const seven = screen.getByRole("radio", { name: "7 days" });
    expect(seven).toHaveProperty("checked", true);
    await user.tab();
    expect(document.activeElement).toBe(seven);
    // The group is one stop: the next Tab leaves it.
    await user.tab();
    expect(document.activeElement?.getAttribute("type")).not.toBe("radio");
    screen.getByRole("radio", { name: "Custom range" }).focus();
    await user.keyboard(" ");
    // The form's code is fetched when it first opens (src/components/period-picker).
    expect(await screen.findByRole("form", { name: "Custom range" })).toBeTruthy();
  });

  it("reads a bad URL as the default instead of failing", () => {
    renderPicker("/c/1001/subscriptions?period=2026-12-01..2026-11-01");
    expect(screen.getByRole("radio", { name: "30 days" })).toHaveProperty("checked", true);
  });

  it("takes a custom range, refusing bad ones with a message at the field", async () => {
    const user = userEvent.setup();
    renderPicker();
    await user.click(screen.getByRole("radio", { name: "Custom range" }));
    const form = await screen.findByRole("form", { name: "Custom range" });
    const first = within(form).getByLabelText("First day");
    const last = within(form).getByLabelText("Last day");
    // Opened on the current period; the URL keeps it until Apply.
    expect(first).toHaveProperty("value", "2026-10-25");
    expect(last).toHaveProperty("value", "2026-11-23");
    expect(search()).toBe("");

    await user.clear(last);
    await user.type(last, "2026-10-01");
    await user.click(within(form).getByRole("button", { name: "Apply" }));
    expect(await within(form).findByText("The last day cannot be before the first.")).toBeTruthy();
    expect(last.getAttribute("aria-invalid")).toBe("true");
    expect(search()).toBe("");

    await user.clear(last);
    await user.type(last, "2026-11-30");
    await user.click(within(form).getByRole("button", { name: "Apply" }));
    expect(await within(form).findByText("The last day cannot be after today.")).toBeTruthy();

    await user.clear(first);
    await user.type(first, "2026-03-01");
    await user.clear(last);
    await user.type(last, "2026-03-31");
    await user.click(within(form).getByRole("button", { name: "Apply" }));
    await vi.waitFor(() => {
      expect(search()).toBe("?period=2026-03-01..2026-03-31");
    });
    expect(asked()).toBe("01.03.2026 00:00:00 – 31.03.2026 23:59:59");
    expect(screen.getByRole("radio", { name: "Custom range" })).toHaveProperty("checked", true);
    expect(screen.queryByText(/cannot be/)).toBeNull();
  });

  it("follows the URL when it changes under the picker (Back, Forward, a link)", async () => {
    const user = userEvent.setup();
    const custom = "/c/1001/subscriptions?period=2026-03-01..2026-03-31";
    const router = renderPicker(custom);
    // The period replaces the history entry; another key (a filter) pushes one.
    await act(() => router.navigate("/c/1001/subscriptions?period=2026-03-01..2026-03-31&sub=4"));
    await user.click(screen.getByRole("radio", { name: "7 days" }));
    expect(search()).toBe("?sub=4&period=7d");
    expect(screen.queryByRole("form", { name: "Custom range" })).toBeNull();
    await act(() => router.navigate(-1));
    expect(search()).toBe("?period=2026-03-01..2026-03-31");
    expect(screen.getByRole("radio", { name: "Custom range" })).toHaveProperty("checked", true);
    expect(await screen.findByLabelText("First day")).toHaveProperty("value", "2026-03-01");
    await act(() => router.navigate(1));
    expect(screen.getByRole("radio", { name: "7 days" })).toHaveProperty("checked", true);
    expect(screen.queryByRole("form", { name: "Custom range" })).toBeNull();
    await user.click(screen.getByRole("radio", { name: "Custom range" }));
    expect(await screen.findByRole("form", { name: "Custom range" })).toBeTruthy();
  });

  it("opens on a custom range from the URL", async () => {
    renderPicker("/c/1001/subscriptions?period=2026-03-01..2026-03-31");
    expect(screen.getByRole("radio", { name: "Custom range" })).toHaveProperty("checked", true);
    expect(await screen.findByLabelText("First day")).toHaveProperty("value", "2026-03-01");
  });
});
