import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { LazyResolvePeople } from "../../src/components/resolve-people/lazy-resolve-people";
import { renderWithDirectory } from "./directory-helpers";
import { screen } from "./testing-library";

// The resolver's chunk cannot be fetched, as when the connection dropped after the page loaded.
// (A getter: a factory that throws is reported as vitest's own error, not the browser's.)
vi.mock("../../src/components/resolve-people/resolve-people", () => ({
  get ResolvePeople(): never {
    throw new TypeError("Failed to fetch dynamically imported module: /assets/resolve-people.js");
  },
}));

describe("the names check when its code cannot be fetched", () => {
  it("says so in its place, and Back to the form ends the check as its Cancel would", async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    renderWithDirectory(
      <LazyResolvePeople
        groupId={1002}
        lines={["Анна Сидорова"]}
        timeZone="Europe/Moscow"
        useLabel={(count) => `Add ${String(count)}`}
        onUse={vi.fn()}
        onCancel={onCancel}
      />,
      "http://127.0.0.1:9",
    );
    await screen.findByText(/Could not look the names up in the directory\. Its code could not/u);
    expect(screen.getByRole("button", { name: "Reload the page" })).toBeTruthy();
    await user.click(screen.getByRole("button", { name: "Back to the form" }));
    expect(onCancel).toHaveBeenCalledOnce();
  });
});
