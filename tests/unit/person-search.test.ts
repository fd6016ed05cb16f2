import { describe, expect, it } from "vitest";
import { comboboxKey, searchQueryOf, slashFocusesSearch } from "../../src/lib/person-search";

describe("the search query", () => {
  it("collapses and trims spaces, keeps any script, and is empty for blanks", () => {
    expect(searchQueryOf("  иван   петров ")).toBe("иван петров");
    expect(searchQueryOf("\t\n ")).toBe("");
    expect(searchQueryOf("Ёлкина")).toBe("Ёлкина");
    expect(searchQueryOf("x".repeat(5000))).toHaveLength(1000);
  });
});

describe("keys in the combobox", () => {
  const at = (active: number, count = 3, open = true) => ({ active, count, open });

  it("moves down and up with wrapping, and opens a closed list on an arrow", () => {
    expect(comboboxKey("ArrowDown", at(-1))).toEqual({ type: "move", index: 0 });
    expect(comboboxKey("ArrowDown", at(0))).toEqual({ type: "move", index: 1 });
    expect(comboboxKey("ArrowDown", at(2))).toEqual({ type: "move", index: 0 });
    expect(comboboxKey("ArrowUp", at(0))).toEqual({ type: "move", index: 2 });
    expect(comboboxKey("ArrowUp", at(-1))).toEqual({ type: "move", index: 2 });
    expect(comboboxKey("ArrowUp", at(2))).toEqual({ type: "move", index: 1 });
    expect(comboboxKey("ArrowDown", at(-1, 3, false))).toEqual({ type: "move", index: 0 });
    expect(comboboxKey("ArrowUp", at(-1, 3, false))).toEqual({ type: "move", index: 2 });
  });

  it("leaves arrows alone with no options, and a highlight beyond the list starts over", () => {
    expect(comboboxKey("ArrowDown", at(-1, 0))).toEqual({ type: "none" });
    expect(comboboxKey("ArrowDown", at(7, 3))).toEqual({ type: "move", index: 0 });
  });

  it("chooses the highlighted option on Enter, or the best match when none is", () => {
    expect(comboboxKey("Enter", at(1))).toEqual({ type: "choose", index: 1 });
    expect(comboboxKey("Enter", at(-1))).toEqual({ type: "choose", index: 0 });
    expect(comboboxKey("Enter", at(-1, 0))).toEqual({ type: "none" });
    expect(comboboxKey("Enter", at(1, 3, false))).toEqual({ type: "none" });
  });

  it("closes on Escape, and clears on a second Escape", () => {
    expect(comboboxKey("Escape", at(1))).toEqual({ type: "close" });
    expect(comboboxKey("Escape", at(-1, 3, false))).toEqual({ type: "clear" });
    expect(comboboxKey("a", at(1))).toEqual({ type: "none" });
    expect(comboboxKey("Home", at(1))).toEqual({ type: "none" });
  });
});

describe("the / shortcut", () => {
  const press = (target: Parameters<typeof slashFocusesSearch>[0]["target"], extra = {}) =>
    slashFocusesSearch({
      key: "/",
      ctrlKey: false,
      metaKey: false,
      altKey: false,
      defaultPrevented: false,
      target,
      ...extra,
    });

  it("focuses the search from the page, a link or a button", () => {
    expect(press({ tagName: "BODY" })).toBe(true);
    expect(press({ tagName: "A" })).toBe(true);
    expect(press({ tagName: "INPUT", type: "checkbox" })).toBe(true);
    expect(press(null)).toBe(true);
  });

  it("never while typing in a field, or with a modifier", () => {
    expect(press({ tagName: "INPUT", type: "text" })).toBe(false);
    expect(press({ tagName: "INPUT" })).toBe(false);
    expect(press({ tagName: "TEXTAREA" })).toBe(false);
    expect(press({ tagName: "SELECT" })).toBe(false);
    expect(press({ tagName: "DIV", isContentEditable: true })).toBe(false);
    expect(press({ tagName: "BODY" }, { ctrlKey: true })).toBe(false);
    expect(press({ tagName: "BODY" }, { defaultPrevented: true })).toBe(false);
    expect(
      slashFocusesSearch({
        key: "a",
        ctrlKey: false,
        metaKey: false,
        altKey: false,
        defaultPrevented: false,
        target: null,
      }),
    ).toBe(false);
  });
});
