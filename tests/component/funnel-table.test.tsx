import { i18n } from "@lingui/core";
import { describe, expect, it } from "vitest";
import { FunnelTable } from "../../src/features/deliveries/funnel/funnel-table";
import { act, render, screen } from "./testing-library";

describe("the deliveries funnel's table", () => {
  it("names the zone of its dates as every other table does: after a comma, no brackets in brackets", () => {
    const view = () => (
      <FunnelTable
        deliveries={[]}
        timeZone="Europe/Moscow"
        zoneLabel="MSK (UTC+3)"
        openId={undefined}
        onOpen={() => undefined}
      />
    );
    const { rerender } = render(view());
    expect(screen.getByRole("columnheader", { name: "Date, MSK (UTC+3)" })).toBeTruthy();
    act(() => {
      i18n.activate("ru");
    });
    rerender(view());
    expect(screen.getAllByRole("columnheader")[1]?.textContent).toBe("Дата, MSK (UTC+3)");
  });
});
