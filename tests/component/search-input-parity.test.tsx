import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { HeaderPersonSearch } from "../../src/components/person-search/header-person-search";
import { PersonSearch } from "../../src/components/person-search/person-search";
import { render } from "./testing-library";

const channel = { group_id: 1001, name: "News", type_name: "telegram" } as const;

/**
 * The field as a person meets it: its markup with React's generated ids made one, and without
 * what only the loaded combobox adds (the list it controls).
 */
function fieldOf(container: HTMLElement): string {
  const box = container.querySelector(".person-search");
  if (!box) throw new Error("no search box");
  const copy = box.cloneNode(true) as HTMLElement;
  copy.querySelector(".person-search-popup")?.remove();
  copy.querySelector("input")?.removeAttribute("aria-controls");
  return copy.outerHTML.replace(/_r_[\w]+_|:r[\w]+:/gu, "ID");
}

describe("the header's stand-in and the loaded combobox", () => {
  it("draw the same field, so the swap cannot move or restyle it", () => {
    const standIn = render(<HeaderPersonSearch channel={channel as never} />);
    const before = fieldOf(standIn.container);
    standIn.unmount();
    const loaded = render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <PersonSearch channel={channel as never} placement="header" />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    expect(fieldOf(loaded.container)).toBe(before);
    expect(before).toContain('placeholder="Find a person…"');
    expect(before).toContain("Press / to come back here.");
  });
});
