import { ApiError } from "../../src/api/api-error";
import { render, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { ChartFrame } from "../../src/components/chart/chart-frame";
import { ChartTable } from "../../src/components/chart/chart-table";

const series = [
  { label: "Sent", color: "var(--chart-sent)" },
  { label: "Failed", color: "var(--chart-failed)" },
];
const points = [
  { label: "01.03", title: "01.03.2026", values: [1200, 3] },
  { label: "02.03", title: "02.03.2026", values: [0, 0] },
];

function frame(props: Partial<Parameters<typeof ChartFrame>[0]> = {}) {
  return (
    <ChartFrame
      title="Deliveries"
      summary="1,200 sent, 3 failed."
      chart={<p>the picture</p>}
      table={
        <ChartTable
          caption="Deliveries per day (UTC)"
          rowHeader="Day, UTC"
          series={series}
          points={points}
          totals={[1200, 3]}
        />
      }
      {...props}
    />
  );
}

describe("ChartFrame", () => {
  it("says what is known while loading in the paragraph that then says the whole", () => {
    const loading = { done: 3, total: 29, of: "pages of events" } as const;
    const { rerender } = render(
      frame({ loading, loadingSummary: "1,200 sent so far.", summary: undefined }),
    );
    const region = screen.getByRole("region", { name: "Deliveries" });
    const early = within(region).getByText("1,200 sent so far.");
    expect(within(region).getByRole("status").textContent).toBe("Loading 3 of 29 pages of events…");
    expect(within(region).queryByText("the picture")).toBeNull();

    rerender(frame({ loadingSummary: "1,200 sent so far." }));
    // One element throughout: its words change, it is not replaced (nor moved).
    expect(within(region).getByText("1,200 sent, 3 failed.")).toBe(early);
    expect(within(region).queryByText("1,200 sent so far.")).toBeNull();
    expect(within(region).getByText("the picture")).toBeTruthy();

    rerender(frame({ loading, loadingSummary: undefined }));
    expect(within(region).queryByText(/sent/)).toBeNull();
    expect(region.querySelector(".chart-summary")).toBeNull();
    // Words to come: the paragraph keeps their line, with no words of its own meanwhile.
    rerender(frame({ loading, loadingSummary: "" }));
    const waiting = region.querySelector(".chart-summary");
    expect(waiting?.textContent).toBe("");
    expect(waiting?.querySelector(".chart-summary-placeholder")).not.toBeNull();
    rerender(frame({ loading, loadingSummary: "1,200 sent so far." }));
    expect(within(region).getByText("1,200 sent so far.")).toBe(waiting);
    rerender(frame({ loadingSummary: "1,200 sent so far.", error: new Error("down") }));
    expect(within(region).queryByText(/sent/)).toBeNull();
  });

  it("shows the summary and the picture, or the same numbers as a table", async () => {
    const user = userEvent.setup();
    render(frame());
    const region = screen.getByRole("region", { name: "Deliveries" });
    expect(within(region).getByText("1,200 sent, 3 failed.")).toBeTruthy();
    expect(within(region).getByText("the picture")).toBeTruthy();
    expect(within(region).queryByRole("table")).toBeNull();

    await user.click(within(region).getByRole("switch", { name: "Show as table" }));
    expect(within(region).queryByText("the picture")).toBeNull();
    const table = within(region).getByRole("table", { name: "Deliveries per day (UTC)" });
    expect(
      within(table)
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual(["Day, UTCSentFailed", "01.03.20261,2003", "02.03.202600", "Total1,2003"]);
  });

  it("writes the sign of a change in the table: net is +12 or −3, never a bare 3", async () => {
    const user = userEvent.setup();
    const withNet = [...series, { label: "Net", color: "var(--chart-net)", signed: true }];
    render(
      <ChartFrame
        title="Activity"
        summary="…"
        chart={<p>the picture</p>}
        table={
          <ChartTable
            caption="Activity per day (UTC)"
            rowHeader="Day, UTC"
            series={withNet}
            points={[
              { label: "01.03", title: "01.03.2026", values: [12, 0, 12] },
              { label: "02.03", title: "02.03.2026", values: [0, 3, -3] },
              { label: "03.03", title: "03.03.2026", values: [0, 0, 0] },
            ]}
            totals={[12, 3, 9]}
          />
        }
      />,
    );
    await user.click(screen.getByRole("switch", { name: "Show as table" }));
    expect(
      within(screen.getByRole("table"))
        .getAllByRole("row")
        .map((row) => row.textContent),
    ).toEqual([
      "Day, UTCSentFailedNet",
      "01.03.2026120+12",
      "02.03.202603\u22123",
      "03.03.2026000",
      "Total123+9",
    ]);
  });

  it("tells how far loading has got, and shows no numbers meanwhile", () => {
    render(frame({ loading: { done: 12, total: 30, of: "buckets" } }));
    expect(screen.getByRole("status").textContent).toBe("Loading 12 of 30 intervals…");
    expect(screen.getByRole("progressbar").getAttribute("value")).toBe("12");
    expect(screen.queryByText("1,200 sent, 3 failed.")).toBeNull();
    expect(screen.queryByText("the picture")).toBeNull();
  });

  it("keeps the progress bar's place, hidden, while the count of calls is not known", () => {
    const { container } = render(frame({ loading: { done: 0, total: 0, of: "buckets" } }));
    expect(screen.getByRole("status").textContent).toBe("Loading…");
    expect(screen.queryByRole("progressbar")).toBeNull();
    expect(container.querySelector("progress.chart-progress-placeholder")).not.toBeNull();
  });

  it("shows a failure with a retry instead of the chart", async () => {
    const user = userEvent.setup();
    let retried = 0;
    render(
      frame({
        error: new ApiError({
          kind: "contract",
          operation: "groups/get",
          path: "",
          message: "The answer is not JSON.",
        }),
        onRetry: () => {
          retried += 1;
        },
      }),
    );
    const alert = screen.getByRole("alert");
    expect(alert.textContent).toContain("Could not load “Deliveries”.");
    await waitFor(() => {
      expect(alert.textContent).toContain("The server's answer could not be read.");
    });
    await user.click(within(alert).getByRole("button", { name: "Retry" }));
    expect(retried).toBe(1);
    expect(screen.queryByText("the picture")).toBeNull();
  });
});
