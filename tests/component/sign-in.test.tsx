import { i18n } from "@lingui/core";
import { act, screen, waitFor, within } from "./testing-library";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { renderApp } from "./render-app";

const session = {
  username: "ann",
  role: "support",
  channels: [
    { group_id: 1001, name: "Coffee Club", type_name: "Telegram", time_zone: "Europe/Moscow" },
    { group_id: 1002, name: "Tea House", type_name: "VK", time_zone: "UTC" },
  ],
};

const groupsGet = {
  success: true,
  item: {
    group_id: "1001",
    name: "Coffee Club",
    type_id: "2",
    type_name: "tg",
    photo: "https://example.org/c.png",
    external_id: "-100200300",
    workspace_id: "17",
  },
};

let stub: HttpStub;

beforeAll(async () => {
  stub = await startHttpStub();
});
afterAll(async () => {
  await stub.close();
});
afterEach(() => {
  stub.requests.length = 0;
});

async function openSignIn(path = "/sign-in") {
  const view = renderApp(path, stub.baseUrl);
  await screen.findByRole("heading", { name: "Sign in to Channel Desk" });
  return view;
}

describe("the sign-in form", () => {
  it("shows the contract's messages for empty fields and sends nothing", async () => {
    const user = userEvent.setup();
    await openSignIn();
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    const username = screen.getByLabelText("User name");
    const password = screen.getByLabelText("Password");
    await waitFor(() => {
      expect(username.getAttribute("aria-invalid")).toBe("true");
    });
    expect(password.getAttribute("aria-invalid")).toBe("true");
    const usernameError = document.getElementById(username.getAttribute("aria-describedby") ?? "");
    const passwordError = document.getElementById(password.getAttribute("aria-describedby") ?? "");
    expect(usernameError?.textContent).toBe("Enter your user name");
    expect(passwordError?.textContent).toBe("Enter your password");
    expect(document.activeElement).toBe(username);
    expect(stub.requests).toEqual([]);
  });

  it("labels its fields for password managers", async () => {
    await openSignIn();
    expect(screen.getByLabelText("User name").getAttribute("autocomplete")).toBe("username");
    expect(screen.getByLabelText("Password").getAttribute("autocomplete")).toBe("current-password");
    expect(screen.getByLabelText("Password").getAttribute("type")).toBe("password");
  });

  it("shows the gateway's refusal in an alert, and keeps the button disabled meanwhile", async () => {
    const user = userEvent.setup();
    let answer: () => void = () => undefined;
    stub.handle((request, res) => {
      if (request.url === "/auth/login") {
        answer = () => {
          // The gateway's English words, and the reason the app says in the person's language.
          json(res, 429, {
            success: false,
            error_code: 0,
            error_message: "Too many failed sign-ins for ann: try again in 5 minutes.",
            reason: "login-throttled",
            details: { minutes: 5 },
          });
        };
      } else refuse(res, 404, "no");
    });
    await openSignIn();
    await user.type(screen.getByLabelText("User name"), "ann");
    await user.type(screen.getByLabelText("Password"), "wrong");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    const pending = await screen.findByRole<HTMLButtonElement>("button", { name: "Signing in…" });
    expect(pending.disabled).toBe(true);
    answer();

    await waitFor(() => {
      expect(screen.getByText("Too many failed sign-ins. Try again in 5 minutes.")).toBeTruthy();
    });
    const alert = screen
      .getAllByRole("alert")
      .find((element) => element.textContent.includes("Too many"));
    expect(alert).toBeTruthy();
    expect(screen.getByRole<HTMLButtonElement>("button", { name: "Sign in" }).disabled).toBe(false);
    expect(stub.requests.map((request) => request.url)).toEqual(["/auth/login"]);
    expect(stub.requests[0]?.headers["x-channel-desk"]).toBe("1");
  });

  it("speaks Russian when the person does: labels, the contract's messages, a refusal", async () => {
    const user = userEvent.setup();
    stub.handle((request, res) => {
      if (request.url === "/auth/login") {
        json(res, 401, {
          success: false,
          error_code: 0,
          error_message: "Wrong user name or password.",
          reason: "login-wrong",
        });
      } else refuse(res, 404, "no");
    });
    act(() => {
      i18n.activate("ru");
    });
    renderApp("/sign-in", stub.baseUrl);
    await screen.findByRole("heading", { name: "Вход в Channel Desk" });
    expect(document.title).toBe("Войти · Channel Desk");
    await user.click(screen.getByRole("button", { name: "Войти" }));
    const username = screen.getByLabelText("Имя пользователя");
    await waitFor(() => {
      expect(username.getAttribute("aria-invalid")).toBe("true");
    });
    const usernameError = document.getElementById(username.getAttribute("aria-describedby") ?? "");
    expect(usernameError?.textContent).toBe("Введите имя пользователя");

    await user.type(username, "ann");
    await user.type(screen.getByLabelText("Пароль"), "wrong");
    await user.click(screen.getByRole("button", { name: "Войти" }));
    expect(await screen.findByText("Неверное имя пользователя или пароль.")).toBeTruthy();
    expect(document.body.textContent).not.toContain("Wrong user name");
  });

  it("says a refusal without a reason in the person's language, not the gateway's English", async () => {
    const user = userEvent.setup();
    stub.handle((request, res) => {
      if (request.url === "/auth/login") refuse(res, 503, "Too many sign-ins at once: try again.");
      else refuse(res, 404, "no");
    });
    act(() => {
      i18n.activate("ru");
    });
    renderApp("/sign-in", stub.baseUrl);
    await user.type(await screen.findByLabelText("Имя пользователя"), "ann");
    await user.type(screen.getByLabelText("Пароль"), "secret");
    await user.click(screen.getByRole("button", { name: "Войти" }));
    expect(
      await screen.findByText("Канал занят другими запросами. Повторите чуть позже."),
    ).toBeTruthy();
    expect(document.body.textContent).not.toContain("Too many sign-ins");
  });
});

describe("signing in and out", () => {
  it("sends a signed-out visitor to sign in, then back to the page they asked for", async () => {
    const user = userEvent.setup();
    let signedIn = false;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") {
        if (signedIn) json(res, 200, session);
        else refuse(res, 401, "Sign in");
      } else if (request.url === "/auth/login") {
        signedIn = true;
        json(res, 200, session);
      } else if (request.url === "/api/groups/get") json(res, 200, groupsGet);
      else refuse(res, 404, "no");
    });
    const { router } = renderApp("/c/1001?tab=x", stub.baseUrl);

    await screen.findByRole("heading", { name: "Sign in to Channel Desk" });
    expect(router.state.location.pathname).toBe("/sign-in");
    expect(router.state.location.search).toBe(`?next=${encodeURIComponent("/c/1001?tab=x")}`);

    await user.type(screen.getByLabelText("User name"), "Ann");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));

    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });
    expect(router.state.location.pathname + router.state.location.search).toBe("/c/1001?tab=x");
    expect(stub.requests.find((request) => request.url === "/auth/login")?.body).toEqual({
      username: "ann",
      password: "secret",
    });
    expect(screen.getByText("ann")).toBeTruthy();
    expect(screen.getByText("Support")).toBeTruthy();
    expect(screen.getByRole("link", { name: "Channel" }).getAttribute("aria-current")).toBe("page");
  });

  it("goes to the first channel when next is not a path of this site", async () => {
    const user = userEvent.setup();
    stub.handle((request, res) => {
      if (request.url === "/auth/login") json(res, 200, session);
      else if (request.url === "/api/groups/get") json(res, 200, groupsGet);
      else refuse(res, 404, "no");
    });
    const { router } = renderApp(
      `/sign-in?next=${encodeURIComponent("//evil.example")}`,
      stub.baseUrl,
    );
    await screen.findByRole("heading", { name: "Sign in to Channel Desk" });
    await user.type(screen.getByLabelText("User name"), "ann");
    await user.type(screen.getByLabelText("Password"), "secret");
    await user.click(screen.getByRole("button", { name: "Sign in" }));
    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });
    expect(router.state.location.pathname).toBe("/c/1001");
  });

  it("signs the same person in again in place when an API call says the session ended", async () => {
    const user = userEvent.setup();
    let signedIn = true;
    let logins = 0;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/groups/get") {
        if (signedIn) json(res, 200, groupsGet);
        else refuse(res, 401, "Your session has ended: sign in again.");
      } else if (request.url === "/auth/login") {
        logins += 1;
        const body = request.body as { username: string; password: string };
        if (body.password !== "right") {
          refuse(res, 401, "Wrong user name or password.", "login-wrong");
        } else {
          signedIn = true;
          json(res, 200, session);
        }
      } else refuse(res, 404, "no");
    });
    const { router, queryClient } = renderApp("/c/1001", stub.baseUrl);
    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });

    // The session ends on the server; the next call of the page is refused.
    signedIn = false;
    await act(() => queryClient.refetchQueries({ type: "active" }));
    const dialog = await screen.findByRole("dialog", { name: "Your session has ended" });
    expect(router.state.location.pathname).toBe("/c/1001");
    const name = within(dialog).getByRole<HTMLInputElement>("textbox", { name: "User name" });
    expect(name.value).toBe("ann");
    expect(name.readOnly).toBe(true);
    const password = within(dialog).getByLabelText<HTMLInputElement>("Password");
    expect(document.activeElement).toBe(password);

    // A wrong password is said in the dialog, which stays.
    await user.type(password, "wrong{Enter}");
    // The alert region is always there (so that it is announced): wait for its words.
    await waitFor(() => {
      expect(within(dialog).getByRole("alert").textContent).toBe("Wrong user name or password.");
    });
    await user.clear(password);
    await user.type(password, "right");
    await user.click(within(dialog).getByRole("button", { name: "Sign in" }));
    await waitFor(() => {
      expect(screen.queryByRole("dialog")).toBeNull();
    });
    expect(logins).toBe(2);
    expect(router.state.location.pathname).toBe("/c/1001");
    // The refused call ran again: the page shows the channel, not an error.
    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });
    await waitFor(() => {
      expect(screen.queryByText(/session has ended/)).toBeNull();
    });
  });

  it("asks in place too when the session check finds no session any more", async () => {
    let signedIn = true;
    stub.handle((request, res) => {
      if (request.url === "/auth/session") {
        if (signedIn) json(res, 200, session);
        else refuse(res, 401, "Not signed in.");
      } else if (request.url === "/api/groups/get") json(res, 200, groupsGet);
      else refuse(res, 404, "no");
    });
    const { router, queryClient } = renderApp("/c/1001", stub.baseUrl);
    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });
    signedIn = false;
    // As when the window regains focus: the session is checked again.
    await act(() => queryClient.refetchQueries({ queryKey: ["session"] }));
    await screen.findByRole("dialog", { name: "Your session has ended" });
    expect(router.state.location.pathname).toBe("/c/1001");
    // The page is still there under the dialog.
    expect(
      screen.getByRole("heading", { level: 2, name: "Coffee Club", hidden: true }),
    ).toBeTruthy();
  });

  it("signs out, forgets what was loaded and shows the sign-in page", async () => {
    const user = userEvent.setup();
    stub.handle((request, res) => {
      if (request.url === "/auth/session") json(res, 200, session);
      else if (request.url === "/api/groups/get") json(res, 200, groupsGet);
      else if (request.url === "/auth/logout") {
        res.writeHead(204);
        res.end();
      } else refuse(res, 404, "no");
    });
    const { router, queryClient } = renderApp("/", stub.baseUrl);
    await screen.findByRole("heading", { level: 2, name: "Coffee Club" });
    expect(router.state.location.pathname).toBe("/c/1001");

    await user.click(screen.getByRole("button", { name: "Sign out" }));
    await screen.findByRole("heading", { name: "Sign in to Channel Desk" });
    expect(router.state.location.pathname + router.state.location.search).toBe("/sign-in");
    // The form comes once the session has ended.
    await screen.findByRole("textbox", { name: "User name" });
    expect(router.state.location.state).toBeNull();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
    const logout = stub.requests.find((request) => request.url === "/auth/logout");
    expect(logout?.method).toBe("POST");
    expect(logout?.headers["x-channel-desk"]).toBe("1");
  });
});
