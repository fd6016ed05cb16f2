import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { failureBody } from "../../src/contract/errors";
import { VIEW_NAME_MAX, VIEW_SEARCH_MAX, VIEWS_MAX } from "../../src/contract/view-constants";
import { viewResponse, viewsResponse, type ViewItem } from "../../src/contract/views";
import { Browser, type RunningGateway, startGateway, type TestAccount } from "../support/gateway";

/**
 * The gateway's saved views: who sees, changes, deletes and pins which view, what a bad
 * request gets (the failure body with a reason, never a 5xx) and the limits.
 */
const PASSWORD = "correct horse battery";
const accounts: TestAccount[] = [
  { username: "ada", role: "admin", channels: [], password: PASSWORD },
  { username: "sam", role: "support", channels: [1001], password: PASSWORD },
  { username: "sue", role: "support", channels: [1001], password: PASSWORD },
  { username: "mark", role: "marketing", channels: [1001], password: PASSWORD },
  { username: "full", role: "support", channels: [1001], password: PASSWORD },
];

let gateway: RunningGateway;
const browsers = new Map<string, Browser>();

async function as(username: string): Promise<Browser> {
  let browser = browsers.get(username);
  if (!browser) {
    browser = new Browser(gateway.url);
    if (username !== "nobody") {
      expect((await browser.login(username, PASSWORD)).status).toBe(200);
    }
    browsers.set(username, browser);
  }
  return browser;
}

beforeAll(async () => {
  gateway = await startGateway({ accounts });
});

afterAll(async () => {
  await gateway.close();
});

interface Answer {
  status: number;
  body: Record<string, unknown>;
  text: string;
}

function expectRefusal(answer: Answer, status: number, reason: string) {
  expect(answer.status).toBe(status);
  expect(failureBody.safeParse(answer.body).success).toBe(true);
  expect(answer.body).toMatchObject({ success: false, reason });
  expect(answer.text).not.toMatch(/at .*\.ts:\d+/);
}

async function create(username: string, body: Record<string, unknown>): Promise<ViewItem> {
  const answer = await (await as(username)).request("POST", "/views/1001", body);
  expect(answer.status).toBe(200);
  return viewResponse.parse(answer.body).item;
}

async function list(username: string, group = 1001): Promise<ViewItem[]> {
  const answer = await (await as(username)).request("GET", `/views/${String(group)}`);
  expect(answer.status).toBe(200);
  expect(answer.headers.get("cache-control")).toBe("no-store");
  const parsed = viewsResponse.parse(answer.body);
  expect(parsed.count).toBe(parsed.items.length);
  return parsed.items;
}

describe("saved views", () => {
  it("saves a view with its search cleaned of paging cursors, trimmed name, private by default", async () => {
    const view = await create("sam", {
      name: "  Newest, 50 a page  ",
      search: "?size=50&after=12&cols=utms&from=abc&mode=more",
    });
    expect(view).toMatchObject({
      name: "Newest, 50 a page",
      search: "cols=utms&mode=more&size=50",
      shared: false,
      pinned: false,
      owner: "sam",
      mine: true,
    });
    expect((await list("sam")).map((item) => item.view_id)).toContain(view.view_id);
  });

  it("keeps another account's private view invisible and unchangeable", async () => {
    const secret = await create("sam", { name: "Sam's own", search: "size=100" });
    expect((await list("sue")).map((item) => item.view_id)).not.toContain(secret.view_id);
    expect((await list("ada")).map((item) => item.view_id)).not.toContain(secret.view_id);
    const sue = await as("sue");
    const path = `/views/1001/${String(secret.view_id)}`;
    expectRefusal(await sue.request("PATCH", path, { name: "Mine now" }), 404, "view-unknown");
    expectRefusal(await sue.request("DELETE", path), 404, "view-unknown");
    expectRefusal(await sue.request("PUT", `${path}/pin`), 404, "view-unknown");
    // An administrator may not delete someone's private view either: it does not see it.
    expectRefusal(await (await as("ada")).request("DELETE", path), 404, "view-unknown");
    const still = (await list("sam")).find((item) => item.view_id === secret.view_id);
    expect(still).toMatchObject({ name: "Sam's own", search: "size=100" });
  });

  it("shows a shared view to the team, who may pin it but not change it", async () => {
    const view = await create("sam", { name: "Team list", search: "size=50", shared: true });
    const sue = await as("sue");
    const seen = (await list("sue")).find((item) => item.view_id === view.view_id);
    expect(seen).toMatchObject({ owner: "sam", mine: false, shared: true, pinned: false });
    const path = `/views/1001/${String(view.view_id)}`;
    expectRefusal(await sue.request("PATCH", path, { name: "Renamed" }), 403, "view-not-yours");
    expectRefusal(await sue.request("DELETE", path), 403, "view-not-yours");

    const pinned = await sue.request("PUT", `${path}/pin`);
    expect(pinned.status).toBe(200);
    expect(viewResponse.parse(pinned.body).item).toMatchObject({ pinned: true, mine: false });
    // A pin is the person's own: the owner's navigation is as it was.
    expect((await list("sam")).find((item) => item.view_id === view.view_id)?.pinned).toBe(false);
    // Pinning twice is no error; unpinning takes it out.
    expect((await sue.request("PUT", `${path}/pin`)).status).toBe(200);
    const unpinned = await sue.request("DELETE", `${path}/pin`);
    expect(viewResponse.parse(unpinned.body).item.pinned).toBe(false);
  });

  it("lets the owner rename, change the search and unshare; unshared, the team loses it", async () => {
    const view = await create("sam", { name: "Before", search: "size=20", shared: true });
    const sam = await as("sam");
    const path = `/views/1001/${String(view.view_id)}`;
    const changed = await sam.request("PATCH", path, {
      name: "After",
      search: "size=100&after=9",
      shared: false,
    });
    expect(changed.status).toBe(200);
    expect(viewResponse.parse(changed.body).item).toMatchObject({
      name: "After",
      search: "size=100",
      shared: false,
    });
    expect((await list("sue")).map((item) => item.view_id)).not.toContain(view.view_id);
    // Only what is given changes.
    const renamed = await sam.request("PATCH", path, { name: "Again" });
    expect(viewResponse.parse(renamed.body).item).toMatchObject({
      name: "Again",
      search: "size=100",
    });
  });

  it("lets an administrator delete a shared view of someone else, and the owner their own", async () => {
    const shared = await create("sam", { name: "Stale", search: "", shared: true, pinned: true });
    expect(shared.pinned).toBe(true);
    const ada = await as("ada");
    expectRefusal(
      await ada.request("PATCH", `/views/1001/${String(shared.view_id)}`, { name: "x" }),
      403,
      "view-not-yours",
    );
    const gone = await ada.request("DELETE", `/views/1001/${String(shared.view_id)}`);
    expect(gone.status).toBe(200);
    expect(viewsResponse.parse(gone.body).items.map((item) => item.view_id)).not.toContain(
      shared.view_id,
    );
    expect((await list("sam")).map((item) => item.view_id)).not.toContain(shared.view_id);

    const own = await create("sue", { name: "Sue's", search: "size=50" });
    const deleted = await (await as("sue")).request("DELETE", `/views/1001/${String(own.view_id)}`);
    expect(deleted.status).toBe(200);
    expectRefusal(
      await (await as("sue")).request("DELETE", `/views/1001/${String(own.view_id)}`),
      404,
      "view-unknown",
    );
  });

  it("keeps views per channel", async () => {
    await create("ada", { name: "Channel 1001", search: "size=50" });
    const other = await list("ada", 1002);
    expect(other.map((item) => item.name)).not.toContain("Channel 1001");
    const inOther = await (
      await as("ada")
    ).request("POST", "/views/1002", {
      name: "Channel 1002",
      search: "",
    });
    const view = viewResponse.parse(inOther.body).item;
    // Not reachable through another channel's path.
    expectRefusal(
      await (
        await as("ada")
      ).request("PATCH", `/views/1001/${String(view.view_id)}`, {
        name: "x",
      }),
      404,
      "view-unknown",
    );
  });

  it("refuses roles that may not list subscribers, other channels and no session", async () => {
    expectRefusal(await (await as("mark")).request("GET", "/views/1001"), 403, "role-refused");
    expectRefusal(
      await (await as("mark")).request("POST", "/views/1001", { name: "x", search: "" }),
      403,
      "role-refused",
    );
    expectRefusal(await (await as("sam")).request("GET", "/views/1002"), 403, "no-channel-access");
    expectRefusal(await (await as("nobody")).request("GET", "/views/1001"), 401, "session-ended");
    expectRefusal(await (await as("sam")).request("GET", "/views/abc"), 400, "group-id-invalid");
    expectRefusal(
      await (await as("sam")).request("PATCH", "/views/1001/0", { name: "x" }),
      400,
      "view-id-invalid",
    );
    expectRefusal(
      await (await as("sam")).request("DELETE", "/views/1001/99999999"),
      404,
      "view-unknown",
    );
  });

  it.each([
    ["no name", { search: "" }, "view-name-invalid"],
    ["a blank name", { name: "   ", search: "" }, "view-name-invalid"],
    ["a name too long", { name: "x".repeat(VIEW_NAME_MAX + 1), search: "" }, "view-name-invalid"],
    // A shared name that reads backwards or hides text would show the team something else.
    ["a name with a direction override", { name: "\u202eweiv", search: "" }, "view-name-invalid"],
    ["a name with a control character", { name: "a\u0000b", search: "" }, "view-name-invalid"],
    ["a name not text", { name: 7, search: "" }, "view-name-invalid"],
    ["no search", { name: "ok" }, "view-search-invalid"],
    [
      "a search too long",
      { name: "ok", search: `q=${"x".repeat(VIEW_SEARCH_MAX)}` },
      "view-search-invalid",
    ],
    ["shared not a boolean", { name: "ok", search: "", shared: "yes" }, "view-request-invalid"],
    ["an owner given", { name: "ok", search: "", owner: "sue" }, "view-request-invalid"],
    ["an array", [1, 2], "view-request-invalid"],
  ])("refuses a view with %s, keeping nothing", async (_label, body, reason) => {
    const before = await list("sue");
    const answer = await (await as("sue")).request("POST", "/views/1001", body);
    expectRefusal(answer, 400, reason);
    expect(await list("sue")).toEqual(before);
  });

  it("refuses an empty or bad change and keeps the view as it was", async () => {
    const view = await create("sue", { name: "Keep me", search: "size=50" });
    const path = `/views/1001/${String(view.view_id)}`;
    const sue = await as("sue");
    expectRefusal(await sue.request("PATCH", path, {}), 400, "view-request-invalid");
    expectRefusal(await sue.request("PATCH", path, { name: "" }), 400, "view-name-invalid");
    expectRefusal(await sue.request("PATCH", path, { mine: false }), 400, "view-request-invalid");
    expect((await list("sue")).find((item) => item.view_id === view.view_id)).toEqual(view);
  });

  it(`keeps at most ${String(VIEWS_MAX)} views per person and channel`, async () => {
    const full = await as("full");
    for (let index = 0; index < VIEWS_MAX; index += 1) {
      const answer = await full.request("POST", "/views/1001", {
        name: `View ${String(index)}`,
        search: `size=50&q=${String(index)}`,
      });
      expect(answer.status).toBe(200);
    }
    const over = await full.request("POST", "/views/1001", { name: "One more", search: "" });
    expectRefusal(over, 409, "views-full");
    expect(over.body).toMatchObject({ details: { max: VIEWS_MAX } });
    // Another person of the same channel still saves theirs.
    await create("sue", { name: "Not full", search: "" });
    expect((await list("full")).filter((item) => item.mine)).toHaveLength(VIEWS_MAX);
  });

  it("refuses a write without the CSRF header", async () => {
    const answer = await (
      await as("sam")
    ).request("POST", "/views/1001", { name: "x", search: "" }, {});
    expectRefusal(answer, 403, "csrf-header-missing");
  });
});
