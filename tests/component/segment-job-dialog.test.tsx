import { i18n } from "@lingui/core";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { messages as subscribersRu } from "../../src/features/subscribers/locales/ru.po";
import { SegmentJobDialog } from "../../src/features/subscribers/segment-actions/segment-job-dialog";
import { plainSpaces, sharedCatalogs } from "../support/i18n";
import { cleanup, render, screen } from "./testing-library";

/**
 * The confirmation before a job on a segment: it names how many people and how long (5,000
 * people: 5,000 writes and 50 reads at 10 calls a second, about 9 minutes), asks for what the
 * job needs, and starts nothing until that is right.
 */
const subscriptions = [{ subscription_id: 4, name: "Loyalty club" }] as never[];

/** What a screen reader hears after the dialog's name: the element its aria-describedby names. */
function description(box: HTMLElement): string {
  const id = box.getAttribute("aria-describedby") ?? "";
  return plainSpaces(document.getElementById(id)?.textContent ?? "");
}

function dialog(props: Partial<Parameters<typeof SegmentJobDialog>[0]> = {}) {
  const onConfirm = vi.fn();
  const onClose = vi.fn();
  render(
    <SegmentJobDialog
      kind="var-set"
      size={5_000}
      subscriptions={subscriptions}
      bots={[]}
      busy={false}
      onConfirm={onConfirm}
      onClose={onClose}
      {...props}
    />,
  );
  return { onConfirm, onClose };
}

describe("the confirmation of a job on a segment", () => {
  it(
    "names how many people and how long, and confirms only a valid action",
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { onConfirm } = dialog();
      const box = screen.getByRole("dialog", { name: "Set a variable for the segment" });
      expect(description(box)).toBe(
        "This will change 5,000 people. It takes about 9 minutes: the job uses part of the channel’s request limit, so people’s own work goes first.",
      );
      expect(document.activeElement).toBe(screen.getByRole("button", { name: "Cancel" }));

      await user.click(screen.getByRole("button", { name: "Start the job" }));
      expect(screen.getByRole("alert").textContent).toBe(
        "A variable name is Latin letters, digits and _, up to 64 characters.",
      );
      await user.type(screen.getByRole("textbox", { name: "Variable" }), "promo code");
      await user.click(screen.getByRole("button", { name: "Start the job" }));
      expect(onConfirm).not.toHaveBeenCalled();

      await user.clear(screen.getByRole("textbox", { name: "Variable" }));
      await user.type(screen.getByRole("textbox", { name: "Variable" }), "promo");
      await user.type(screen.getByRole("textbox", { name: "Value" }), "spring");
      await user.click(screen.getByRole("button", { name: "Start the job" }));
      expect(onConfirm).toHaveBeenCalledExactlyOnceWith({
        kind: "var-set",
        name: "promo",
        value: "spring",
      });
    },
  );

  it(
    "asks for a group, and says when the segment was not counted",
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const { onConfirm, onClose } = dialog({ kind: "subscription-add", size: undefined });
      expect(description(screen.getByRole("dialog"))).toBe(
        "The segment has not been counted: the job reads it to its end, whatever its size.",
      );
      await user.click(screen.getByRole("button", { name: "Start the job" }));
      expect(screen.getByRole("alert").textContent).toBe("Choose a group.");
      await user.selectOptions(screen.getByRole("combobox", { name: "Group" }), "Loyalty club");
      await user.click(screen.getByRole("button", { name: "Start the job" }));
      expect(onConfirm).toHaveBeenCalledExactlyOnceWith({
        kind: "subscription-add",
        subscription_id: 4,
      });
      await user.click(screen.getByRole("button", { name: "Cancel" }));
      expect(onClose).toHaveBeenCalledOnce();
    },
  );

  it(
    "offers to count a filtered segment it does not know the size of, and shows the count",
    { timeout: 30_000 },
    async () => {
      const user = userEvent.setup();
      const onCount = vi.fn();
      dialog({ kind: "subscription-add", size: undefined, onCount });
      const box = screen.getByRole("dialog");
      expect(description(box)).toBe(
        "The segment has not been counted yet, so how many people this changes is not known. Count them first, or start now: the job reads the segment to its end, whatever its size.",
      );
      await user.click(screen.getByRole("button", { name: "Count the people" }));
      expect(onCount).toHaveBeenCalledOnce();
      cleanup();

      dialog({ kind: "subscription-add", size: undefined, onCount, counting: 1_200 });
      expect(screen.getByRole("status").textContent).toBe("Counted 1,200 so far…");
      expect(screen.queryByRole("button", { name: "Count the people" })).toBeNull();
      cleanup();

      // The count done, the page passes its size: the confirmation names it.
      dialog({ kind: "subscription-add", size: 42, onCount });
      expect(description(screen.getByRole("dialog"))).toMatch(/^This will change 42 people\./);
      expect(screen.queryByRole("button", { name: "Count the people" })).toBeNull();
    },
  );

  it("says it in Russian, with Russian plurals and numbers", () => {
    i18n.load("ru", { ...sharedCatalogs.ru, ...subscribersRu });
    i18n.activate("ru");
    dialog({ size: 1 });
    const box = screen.getByRole("dialog", { name: "Задать переменную сегменту" });
    expect(description(box)).toBe(
      "Изменения коснутся 1 человека. Время — примерно 1 секунда: задача берёт только часть лимита запросов канала, чтобы не мешать работе команды.",
    );
  });

  it("uses Russian plurals for many people", () => {
    i18n.load("ru", { ...sharedCatalogs.ru, ...subscribersRu });
    i18n.activate("ru");
    dialog({ size: 5_000 });
    const summary = screen.getByText(/Изменения коснутся/u);
    expect(plainSpaces(summary.textContent)).toBe(
      "Изменения коснутся 5 000 человек. Время — примерно 9 минут: задача берёт только часть лимита запросов канала, чтобы не мешать работе команды.",
    );
  });
});
