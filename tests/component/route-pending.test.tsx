import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { expect, it } from "vitest";
import { Layout } from "../../src/app/layout";
import { act, render, screen } from "./testing-library";

/**
 * The shell over two pages, on page one, with a link to page two in its (folded) menu. With
 * `held`, page two's loader waits until `answer()` is called.
 */
function renderTwoPages({ held }: { held: boolean }) {
  let answer: () => void = () => undefined;
  const nav = (
    <ul>
      <li>
        <Link to="/two">Two</Link>
      </li>
    </ul>
  );
  const router = createMemoryRouter(
    [
      {
        element: <Layout nav={nav} />,
        children: [
          { path: "/one", element: <h1>Page one</h1> },
          {
            path: "/two",
            loader: held
              ? () =>
                  new Promise<null>((resolve) => {
                    answer = () => {
                      resolve(null);
                    };
                  })
              : undefined,
            element: <h1>Page two</h1>,
          },
        ],
      },
    ],
    { initialEntries: ["/one"] },
  );
  render(<RouterProvider router={router} />);
  return {
    router,
    answer: () => {
      answer();
    },
  };
}

it("says the page is being replaced while the next one's loader waits, and only then", async () => {
  const user = userEvent.setup();
  const { answer } = renderTwoPages({ held: true });
  const main = screen.getByRole("main");
  expect(main.getAttribute("aria-busy")).toBeNull();
  expect(main.querySelector(".route-pending")).toBeNull();

  await user.click(screen.getByRole("link", { name: "Two" }));
  expect(main.getAttribute("aria-busy")).toBe("true");
  expect(main.querySelector(".route-pending")?.getAttribute("aria-hidden")).toBe("true");
  // The page shown is still the one left, until the next one is ready.
  expect(screen.getByRole("heading", { name: "Page one" })).toBeTruthy();

  answer();
  expect(await screen.findByRole("heading", { name: "Page two" })).toBeTruthy();
  expect(main.getAttribute("aria-busy")).toBeNull();
  expect(main.querySelector(".route-pending")).toBeNull();
});

it("closes the folded menu as soon as a link in it starts a move", async () => {
  const user = userEvent.setup();
  const { answer } = renderTwoPages({ held: true });
  const toggle = screen.getByRole("button", { name: "Menu" });
  await user.click(toggle);
  expect(toggle.getAttribute("aria-expanded")).toBe("true");
  await user.click(screen.getByRole("link", { name: "Two" }));
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
  expect(screen.getByRole("main").getAttribute("aria-busy")).toBe("true");
  answer();
  expect(await screen.findByRole("heading", { name: "Page two" })).toBeTruthy();
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
});

it("leaves the folded menu shut when Back returns to the page it was opened on", async () => {
  const user = userEvent.setup();
  const { router } = renderTwoPages({ held: false });
  const toggle = screen.getByRole("button", { name: "Menu" });
  await user.click(toggle);
  await user.click(screen.getByRole("link", { name: "Two" }));
  expect(await screen.findByRole("heading", { name: "Page two" })).toBeTruthy();
  await act(() => router.navigate(-1));
  expect(await screen.findByRole("heading", { name: "Page one" })).toBeTruthy();
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
});
