import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ChartFrame } from "../../src/components/chart/chart-frame";
import { ChartTable } from "../../src/components/chart/chart-table";
import { CSV_SEPARATOR_STORAGE_KEY } from "../../src/lib/csv-options";
import { UTF8_BOM } from "../../src/lib/csv-text";
import { render, screen, waitFor, within } from "./testing-library";

const table = {
  caption: "Activity by day, UTC",
  rowHeader: "Day, UTC",
  series: [
    { label: "Subscribed", color: "var(--chart-subscribed)" },
    { label: "Net", color: "var(--chart-net)", signed: true },
  ],
  points: [
    { label: "23 Nov", title: "23 Nov 2026", values: [1200, 1197] },
    { label: "24 Nov", title: "24 Nov 2026", values: [0, -4] },
  ],
  totals: [1200, 1193],
};
// 23 and 24 November 2026, UTC: fixed instants, never the clock.
const period = {
  from: Date.UTC(2026, 10, 23),
  to: Date.UTC(2026, 10, 24, 23, 59, 59),
  timeZone: "UTC",
  zoneLabel: "UTC",
};

function frame() {
  return (
    <ChartFrame
      title="Activity"
      chart={<p>the picture</p>}
      table={<ChartTable {...table} />}
      exportAs={{ period, table }}
    />
  );
}

let saved: { blob: Blob; name: string }[] = [];
const createObjectURL = vi.fn<(object: Blob | MediaSource) => string>(() => "blob:test");

beforeEach(() => {
  saved = [];
  // jsdom has no object URLs and no downloads: catch what the link would have saved.
  // (This file's own jsdom: the stand-ins go with it.)
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    const blob = createObjectURL.mock.calls.at(-1)?.[0];
    if (blob instanceof Blob) saved.push({ blob, name: this.download });
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe("the chart's Export menu", () => {
  it("opens by keyboard on its first item, moves with the arrows, and Escape goes back", async () => {
    const user = userEvent.setup();
    render(frame());
    const button = screen.getByRole("button", { name: "Export “Activity”" });
    expect(button.getAttribute("aria-haspopup")).toBe("menu");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    button.focus();
    await user.keyboard("{ArrowDown}");
    const menu = screen.getByRole("menu", { name: "Export “Activity”" });
    const items = within(menu).getAllByRole("menuitem");
    expect(items.map((item) => item.textContent)).toEqual([
      "Table (CSV)",
      "Image (PNG)",
      "Image (SVG)",
    ]);
    await waitFor(() => {
      expect(document.activeElement).toBe(items[0]);
    });
    await user.keyboard("{ArrowUp}");
    await waitFor(() => {
      expect(document.activeElement).toBe(items[2]);
    });
    await user.keyboard("{ArrowDown}");
    await waitFor(() => {
      expect(document.activeElement).toBe(items[0]);
    });
    await user.keyboard("{Escape}");
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(button);
  });

  it("moves from the item a key reached, however fast the next key comes", async () => {
    const user = userEvent.setup();
    render(frame());
    const button = screen.getByRole("button", { name: "Export “Activity”" });
    button.focus();
    await user.keyboard("{ArrowUp}");
    const menu = screen.getByRole("menu", { name: "Export “Activity”" });
    const items = within(menu).getAllByRole("menuitem");
    await waitFor(() => {
      expect(document.activeElement).toBe(items[2]);
    });
    // Two keys in one go, with no frame between them for effects to run in (dispatched as the
    // browser does, outside Testing Library's act(), which would run them at once).
    const press = (key: string) =>
      menu.dispatchEvent(new KeyboardEvent("keydown", { key, bubbles: true, cancelable: true }));
    press("Home");
    press("ArrowDown");
    expect(document.activeElement).toBe(items[1]);
    press("End");
    press("ArrowDown");
    expect(document.activeElement).toBe(items[0]);
    await waitFor(() => {
      expect(document.activeElement).toBe(items[0]);
    });
  });

  it("saves the table view's numbers as CSV with the remembered separator and says so", async () => {
    const user = userEvent.setup();
    window.localStorage.setItem(CSV_SEPARATOR_STORAGE_KEY, ";");
    render(frame());
    await user.click(screen.getByRole("button", { name: "Export “Activity”" }));
    await user.click(screen.getByRole("menuitem", { name: "Table (CSV)" }));
    await waitFor(() => {
      expect(saved).toHaveLength(1);
    });
    const [file] = saved;
    expect(file?.name).toBe("activity_2026-11-23_2026-11-24.csv");
    // Read with the BOM kept (Blob.text() would drop it).
    const bytes = await file?.blob.arrayBuffer();
    expect(new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes)).toBe(
      `${UTF8_BOM}Day, UTC;Subscribed;Net\r\n23 Nov 2026;1200;1197\r\n24 Nov 2026;0;-4\r\nTotal;1200;1193\r\n`,
    );
    expect(screen.getByText("Saved activity_2026-11-23_2026-11-24.csv.").getAttribute("role")).toBe(
      "status",
    );
  });

  it("offers no image while the table is shown, and says why", async () => {
    const user = userEvent.setup();
    render(frame());
    await user.click(screen.getByRole("switch", { name: "Show as table" }));
    await user.click(screen.getByRole("button", { name: "Export “Activity”" }));
    const png = screen.getByRole("menuitem", { name: "Image (PNG)" });
    expect(png.getAttribute("aria-disabled")).toBe("true");
    const why = "Turn off “Show as table” to save the image.";
    expect(document.getElementById(png.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      why,
    );
    await user.click(png);
    expect(saved).toEqual([]);
    expect(screen.getByRole("menu")).toBeTruthy();
  });
});
