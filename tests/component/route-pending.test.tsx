import userEvent from "@testing-library/user-event";
import { createMemoryRouter, Link, RouterProvider } from "react-router";
import { expect, it } from "vitest";
import { Layout } from "../../src/app/layout";
import { act, render, screen } from "./testing-library";

it("says the page is being replaced while the next one's loader waits, and only then", async () => {
  const user = userEvent.setup();
  let answer: () => void = () => undefined;
  const router = createMemoryRouter(
    [
      {
        element: <Layout />,
        children: [
          { path: "/one", element: <Link to="/two">Two</Link> },
          {
            path: "/two",
            loader: () =>
              new Promise<null>((resolve) => {
                answer = () => {
                  resolve(null);
                };
              }),
            element: <h1>Page two</h1>,
          },
        ],
      },
    ],
    { initialEntries: ["/one"] },
  );
  render(<RouterProvider router={router} />);
  const main = screen.getByRole("main");
  expect(main.getAttribute("aria-busy")).toBeNull();
  expect(main.querySelector(".route-pending")).toBeNull();

  await user.click(screen.getByRole("link", { name: "Two" }));
  expect(main.getAttribute("aria-busy")).toBe("true");
  expect(main.querySelector(".route-pending")?.getAttribute("aria-hidden")).toBe("true");
  // The page shown is still the one left, until the next one is ready.
  expect(screen.getByRole("link", { name: "Two" })).toBeTruthy();

  answer();
  expect(await screen.findByRole("heading", { name: "Page two" })).toBeTruthy();
  expect(main.getAttribute("aria-busy")).toBeNull();
  expect(main.querySelector(".route-pending")).toBeNull();
});

it("closes the folded menu as soon as a link in it starts a move", async () => {
  const user = userEvent.setup();
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
          { path: "/one", element: <p>One</p> },
          {
            path: "/two",
            loader: () =>
              new Promise<null>((resolve) => {
                answer = () => {
                  resolve(null);
                };
              }),
            element: <h1>Page two</h1>,
          },
        ],
      },
    ],
    { initialEntries: ["/one"] },
  );
  render(<RouterProvider router={router} />);
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
          { path: "/two", element: <h1>Page two</h1> },
        ],
      },
    ],
    { initialEntries: ["/one"] },
  );
  render(<RouterProvider router={router} />);
  const toggle = screen.getByRole("button", { name: "Menu" });
  await user.click(toggle);
  await user.click(screen.getByRole("link", { name: "Two" }));
  expect(await screen.findByRole("heading", { name: "Page two" })).toBeTruthy();
  await act(() => router.navigate(-1));
  expect(await screen.findByRole("heading", { name: "Page one" })).toBeTruthy();
  expect(toggle.getAttribute("aria-expanded")).toBe("false");
});
