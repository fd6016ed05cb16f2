import { i18n } from "@lingui/core";
import userEvent from "@testing-library/user-event";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import type { DirectoryStatus } from "../../src/contract/directory";
import { DirectoryStatusLine } from "../../src/features/subscribers/directory/directory-status";
import { messages as ruSubscribers } from "../../src/features/subscribers/locales/ru.po";
import { messages as enSubscribers } from "../../src/features/subscribers/locales/en.po";
import { plainSpaces } from "../support/i18n";
import { directoryStatus, renderWithDirectory } from "./directory-helpers";
import { json, startHttpStub, type HttpStub } from "./http-stub";
import { act, screen, waitFor, within } from "./testing-library";

// Three minutes after the directory's last update.
const NOW = Date.parse("2026-11-24T04:03:00.000Z");

function line(patch: Record<string, unknown> = {}) {
  return directoryStatus(patch) as DirectoryStatus;
}

describe("the directory's status line", { timeout: 30_000 }, () => {
  let stub: HttpStub;
  beforeAll(async () => {
    stub = await startHttpStub();
    i18n.load({ en: enSubscribers, ru: ruSubscribers });
  });
  afterAll(() => stub.close());
  afterEach(() => {
    vi.useRealTimers();
    act(() => {
      i18n.activate("en");
    });
  });

  it("says how many people and how fresh, in English and Russian", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    renderWithDirectory(
      <DirectoryStatusLine groupId={1001} status={line()} admin={false} />,
      stub.baseUrl,
    );
    expect(plainSpaces(screen.getByRole("status").textContent)).toBe(
      "Directory: 48,213 people, updated 3 minutes ago",
    );
    expect(screen.queryByRole("button", { name: "Refresh now" })).toBeNull();
    act(() => {
      i18n.activate("ru");
    });
    expect(plainSpaces(screen.getByRole("status").textContent)).toBe(
      "Справочник: 48 213 человек, обновлён 3 минуты назад",
    );
  });

  it("shows the reading's progress, and one person in the singular", () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(NOW);
    const first = renderWithDirectory(
      <DirectoryStatusLine
        groupId={1001}
        status={line({
          state: "reading",
          people: 1,
          full_pass: { started_at: "2026-11-24T04:00:00.000Z", read: 1, total: 3, percent: 31 },
        })}
        admin
      />,
      stub.baseUrl,
    );
    expect(plainSpaces(screen.getByRole("status").textContent)).toBe("Reading subscribers… 31%");
    expect(screen.getByRole("button", { name: "Refresh now" })).toHaveProperty("disabled", true);
    first.unmount();
    renderWithDirectory(
      <DirectoryStatusLine groupId={1001} status={line({ people: 1 })} admin />,
      stub.baseUrl,
    );
    expect(screen.getByRole("status").textContent).toBe(
      "Directory: 1 person, updated 3 minutes ago",
    );
  });

  it("lets an administrator refresh, and wipe only after confirming", async () => {
    const user = userEvent.setup();
    stub.handle((request, res) => {
      if (request.url.endsWith("/refresh")) {
        json(res, 202, {
          success: true,
          status: line({
            full_pass: { started_at: "2026-11-24T04:03:00.000Z", read: 0, total: 10, percent: 0 },
          }),
        });
      } else {
        json(res, 200, { success: true, status: line({ state: "empty", people: 0 }) });
      }
    });
    const { queryClient } = renderWithDirectory(
      <DirectoryStatusLine groupId={1001} status={line()} admin />,
      stub.baseUrl,
    );
    await user.click(screen.getByRole("button", { name: "Refresh now" }));
    await waitFor(() => {
      expect(stub.requests.map((r) => r.method + " " + r.url)).toContain(
        "POST /directory/1001/refresh",
      );
    });
    await waitFor(() => {
      expect(
        queryClient.getQueryData<DirectoryStatus>(["directory", 1001, "status"])?.full_pass?.read,
      ).toBe(0);
    });

    await user.click(screen.getByRole("button", { name: "Wipe the directory" }));
    const dialog = await screen.findByRole("alertdialog", {
      name: "Wipe the directory of this channel?",
    });
    expect(stub.requests.some((r) => r.method === "DELETE")).toBe(false);
    await user.click(within(dialog).getByRole("button", { name: "Wipe" }));
    await waitFor(() => {
      expect(stub.requests.map((r) => r.method + " " + r.url)).toContain("DELETE /directory/1001");
    });
  });
});
