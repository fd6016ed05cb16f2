import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import type { PersonSearchProps } from "../../src/components/person-search/person-search";
import { render, screen, waitFor } from "./testing-library";

// The combobox's module stands in for itself: it arrives only when the test lets it, so what
// happens before its code is there can be seen.
let arrive: () => void = () => undefined;
const arrived = new Promise<void>((resolve) => {
  arrive = resolve;
});
const shown: PersonSearchProps[] = [];
vi.mock("../../src/components/person-search/person-search", async () => {
  await arrived;
  return {
    PersonSearch: (props: PersonSearchProps) => {
      shown.push(props);
      return <input aria-label="the combobox" defaultValue={props.initialText} />;
    },
  };
});

const { HeaderPersonSearch } =
  await import("../../src/components/person-search/header-person-search");
const channel = { group_id: 1001, name: "News", type_name: "telegram" } as const;

describe("the header's person search before its code is there", () => {
  it("paints its field, takes `/` and typing, and hands both to the combobox", async () => {
    const user = userEvent.setup();
    render(<HeaderPersonSearch channel={channel as never} />);
    const box = screen.getByRole("combobox", { name: "Find a person" });
    expect(box.getAttribute("placeholder")).toBe("Find a person…");

    await user.keyboard("/");
    expect(document.activeElement).toBe(box);
    await user.keyboard("anna");
    expect((box as HTMLInputElement).value).toBe("anna");
    expect(shown).toHaveLength(0);

    arrive();
    const combobox = await screen.findByRole("textbox", { name: "the combobox" });
    expect((combobox as HTMLInputElement).value).toBe("anna");
    expect(shown.at(-1)).toMatchObject({ initialText: "anna", focusOnMount: true });
    expect(screen.queryByRole("combobox", { name: "Find a person" })).toBeNull();
  });

  it("shows the combobox at once once its code has come", async () => {
    render(<HeaderPersonSearch channel={channel as never} />);
    await waitFor(() => {
      expect(screen.getByRole("textbox", { name: "the combobox" })).toBeTruthy();
    });
    expect(shown.at(-1)).toMatchObject({ initialText: "", focusOnMount: false });
  });
});
