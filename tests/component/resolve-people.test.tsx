import userEvent from "@testing-library/user-event";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { LazyResolvePeople } from "../../src/components/resolve-people/lazy-resolve-people";
import { ResolvePeople } from "../../src/components/resolve-people/resolve-people";
import { brief, renderWithDirectory } from "./directory-helpers";
import { json, refuse, startHttpStub, type HttpStub } from "./http-stub";
import { screen, waitFor, within } from "./testing-library";

const WAIT = { timeout: 5000 };

const ivan1 = {
  ...brief(11, "Иван", "Петров"),
  date: "14.03.2025 23:30:00",
  subscriptions: [{ subscription_id: 3 }],
};
const ivan2 = { ...brief(12, "Иван", "Петров"), status: 2, subscriptions: [] };
const anna = brief(20, "Анна", "Сидорова");

const answer = {
  success: true,
  results: [
    {
      line: "Иван Петров",
      outcome: "ambiguous",
      user_id: null,
      candidates: [ivan1, ivan2],
      matches: 2,
      problem: null,
    },
    {
      line: "Анна Сидорова",
      outcome: "found",
      user_id: 20,
      candidates: [anna],
      matches: 1,
      problem: null,
    },
    { line: "777", outcome: "id", user_id: 777, candidates: [], matches: 0, problem: null },
    {
      line: "vk.com/durov",
      outcome: "problem",
      user_id: null,
      candidates: [],
      matches: 0,
      problem: { code: "vk-screen-name", shown: "durov" },
    },
    {
      line: "Никто",
      outcome: "not-found",
      user_id: null,
      candidates: [],
      matches: 0,
      problem: null,
    },
  ],
};

const LINES = ["Иван Петров", "Анна Сидорова", "777", "vk.com/durov", "Никто"];

describe("the step that resolves pasted names", { timeout: 30_000 }, () => {
  let stub: HttpStub;
  beforeAll(async () => {
    stub = await startHttpStub();
  });
  afterAll(() => stub.close());

  /** The check (or `Step`, the same check fetched as it is shown) over `lines`. */
  function show(lines: string[] = LINES, Step: typeof LazyResolvePeople = ResolvePeople) {
    const onUse = vi.fn<(ids: number[]) => void>();
    const onCancel = vi.fn();
    renderWithDirectory(
      <Step
        groupId={1002}
        lines={lines}
        timeZone="Europe/Moscow"
        useLabel={(count) => `Add ${String(count)}`}
        onUse={onUse}
        onCancel={onCancel}
      />,
      stub.baseUrl,
    );
    return { onUse, onCancel };
  }

  it("is fetched as it is first shown (the bulk pages' forms), saying meanwhile that it looks the lines up", async () => {
    stub.handle((_request, res) => {
      json(res, 200, answer);
    });
    show(LINES, LazyResolvePeople);
    // Its code on its way: the region is busy, as the check's own pending state is not.
    const region = screen.getByRole("region", { name: "People to check" });
    expect(region.getAttribute("aria-busy")).toBe("true");
    expect(screen.getByRole("status").textContent).toBe("Looking the lines up in the directory…");
    await screen.findByText("Check the people before anything is sent", {}, WAIT);
    expect(screen.getByRole("region", { name: "People to check" }).hasAttribute("aria-busy")).toBe(
      false,
    );
    expect(screen.getByRole("button", { name: "Add 2" })).toHaveProperty("disabled", true);
  });

  it("shows each person, asks for the ambiguous name, and sends nothing until every line is settled", async () => {
    const user = userEvent.setup();
    stub.handle((request, res) => {
      if (request.url === "/api/subscriptions/get") {
        json(res, 200, {
          success: true,
          count: 1,
          items: [{ subscription_id: 3, name: "Новинки" }],
        });
      } else json(res, 200, answer);
    });
    const { onUse } = show();
    await screen.findByText("Check the people before anything is sent", {}, WAIT);
    const region = screen.getByRole("region", { name: "People to check" });
    expect(stub.requests.find((request) => request.url.endsWith("/resolve"))?.body).toEqual({
      lines: LINES,
    });

    // Found and id lines name their person; the others say why not.
    expect(
      within(region).getByText("Анна Сидорова", { selector: ".resolve-person-name" }),
    ).toBeTruthy();
    expect(within(region).getByText("user id 20")).toBeTruthy();
    expect(
      within(region).getByText("User id 777: not in the directory, sent as it is."),
    ).toBeTruthy();
    expect(
      within(region).getByText(
        "No one in the directory by this name. Correct the line, or drop it.",
      ),
    ).toBeTruthy();
    expect(within(region).getByText(/durov/u, { selector: ".field-error" })).toBeTruthy();
    const send = within(region).getByRole("button", { name: "Add 2" });
    expect(send).toHaveProperty("disabled", true);
    expect(within(region).getByRole("status").textContent).toBe(
      "2 people ready; 3 lines to choose or drop.",
    );

    const choices = within(region).getByRole("group", {
      name: "“Иван Петров” fits 2 people: which one?",
    });
    // Namesakes are told apart: status, the day they subscribed (the channel's), subscriptions, id.
    const [first, second] = within(choices).getAllByRole("radio");
    await waitFor(() => {
      expect(first?.closest("label")?.textContent).toContain("Subscriptions: Новинки");
    }, WAIT);
    expect(first?.closest("label")?.textContent).toBe(
      "ИПИван Петровuser id 11Activesubscribed 14 Mar 2025Subscriptions: Новинки",
    );
    expect(second?.closest("label")?.textContent).toBe(
      "ИПИван Петровuser id 12Inactivesubscribed 1 Nov 2026No subscriptions",
    );
    if (!second) throw new Error("two candidates expected");
    await user.click(second);
    await user.click(within(region).getByRole("button", { name: "Drop “vk.com/durov”" }));
    expect(send).toHaveProperty("disabled", true);
    await user.click(within(region).getByRole("button", { name: "Drop “Никто”" }));
    const ready = within(region).getByRole("button", { name: "Add 3" });
    expect(ready).toHaveProperty("disabled", false);
    expect(within(region).getByRole("status").textContent).toBe("3 people ready.");
    expect(onUse).not.toHaveBeenCalled();
    await user.click(ready);
    expect(onUse).toHaveBeenCalledWith([12, 20, 777]);
  });

  it("says nobody is ready yet while every line still waits", async () => {
    stub.handle((request, res) => {
      if (request.url === "/api/subscriptions/get") {
        json(res, 200, { success: true, count: 0, items: [] });
      } else {
        json(res, 200, { success: true, results: [answer.results[0], answer.results[4]] });
      }
    });
    show(["Иван Петров", "Никто"]);
    await screen.findByText("Check the people before anything is sent", {}, WAIT);
    const region = screen.getByRole("region", { name: "People to check" });
    expect(within(region).getByRole("status").textContent).toBe(
      "Nobody ready yet; 2 lines to choose or drop.",
    );
    expect(within(region).getByRole("button", { name: "Add 0" })).toHaveProperty("disabled", true);
  });

  it("says when the directory cannot answer, and goes back to the list", async () => {
    const user = userEvent.setup();
    stub.handle((_request, res) => {
      refuse(res, 403, "No.", "role-refused", { role: "marketing" });
    });
    const { onCancel, onUse } = show();
    await screen.findByText("Could not look the names up in the directory.", {}, WAIT);
    await user.click(screen.getByRole("button", { name: "Back to the list" }));
    await waitFor(() => {
      expect(onCancel).toHaveBeenCalled();
    });
    expect(onUse).not.toHaveBeenCalled();
  });
});
