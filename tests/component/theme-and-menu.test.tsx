import { act, render, screen, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, NavLink, RouterProvider } from "react-router";
import { toast } from "sonner";
import { afterEach, describe, expect, it, vi } from "vitest";
import { Layout } from "../../src/app/layout";
import { applyStoredTheme, setThemeChoice } from "../../src/app/theme-store";
import { THEME_STORAGE_KEY } from "../../src/lib/theme";

function renderShell() {
  const nav = (
    <ul>
      <li>
        <NavLink to="/one">One</NavLink>
      </li>
      <li>
        <NavLink to="/two">Two</NavLink>
      </li>
    </ul>
  );
  const router = createMemoryRouter(
    [{ element: <Layout nav={nav} />, children: [{ path: "*", element: <p>page</p> }] }],
    { initialEntries: ["/one"] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const theme = () => document.documentElement.dataset.theme;

afterEach(() => {
  act(() => {
    setThemeChoice("system");
  });
  localStorage.clear();
});

describe("the theme control", () => {
  it("offers System, Light and Dark, applies the choice and remembers it", async () => {
    const user = userEvent.setup();
    renderShell();
    const group = screen.getByRole("radiogroup", { name: "Theme" });
    const radio = (name: string) => within(group).getByRole("radio", { name });
    expect((radio("System") as HTMLInputElement).checked).toBe(true);
    expect(theme()).toBeUndefined();

    await user.click(radio("Dark"));
    expect(theme()).toBe("dark");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("dark");
    expect((radio("Dark") as HTMLInputElement).checked).toBe(true);

    // Native radio buttons: a real browser moves between them with the arrow keys (jsdom
    // cannot, so the e2e run covers that); Space picks the focused one.
    radio("Light").focus();
    await user.keyboard(" ");
    expect(theme()).toBe("light");
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBe("light");

    await user.click(radio("System"));
    expect(theme()).toBeUndefined();
    expect(localStorage.getItem(THEME_STORAGE_KEY)).toBeNull();
  });

  it("applies the stored choice before rendering, and ignores a stored value it does not know", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    applyStoredTheme();
    expect(theme()).toBe("dark");
    localStorage.setItem(THEME_STORAGE_KEY, "<script>");
    applyStoredTheme();
    expect(theme()).toBeUndefined();
  });
});

describe("the page menu", () => {
  it("opens and closes by keyboard, and closes after following a link", async () => {
    const user = userEvent.setup();
    const router = renderShell();
    const menu = screen.getByRole("button", { name: "Menu" });
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    const list = document.getElementById(menu.getAttribute("aria-controls") ?? "");
    expect(list?.contains(screen.getByRole("link", { name: "Two" }))).toBe(true);

    menu.focus();
    await user.keyboard("{Enter}");
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    await user.tab();
    await user.keyboard("{Escape}");
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    expect(document.activeElement).toBe(menu);

    await user.click(menu);
    expect(menu.getAttribute("aria-expanded")).toBe("true");
    const scrollTo = vi.spyOn(window, "scrollTo").mockImplementation(() => undefined);
    const main = document.getElementById("main");
    const focus = main ? vi.spyOn(main, "focus") : undefined;
    await user.click(screen.getByRole("link", { name: "Two" }));
    expect(router.state.location.pathname).toBe("/two");
    expect(menu.getAttribute("aria-expanded")).toBe("false");
    // The new page takes the focus, not the link that led there.
    expect(document.activeElement).toBe(document.getElementById("main"));
    // As a full page load: the page from its top, header and all. Focusing <main> (taller than
    // the screen) scrolled it to the top of the window, and the header out of sight.
    expect(focus).toHaveBeenCalledWith({ preventScroll: true });
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
    scrollTo.mockRestore();
  });
});

describe("toasts", () => {
  it("shows what a feature announces with toast()", async () => {
    renderShell();
    // The toaster is its own chunk; a toast sent before it is there would not be shown.
    expect(await screen.findByRole("region", { name: /Notifications/u })).toBeTruthy();
    act(() => {
      toast.success("Saved the variable");
    });
    expect(await screen.findByText("Saved the variable")).toBeTruthy();
  });
});
