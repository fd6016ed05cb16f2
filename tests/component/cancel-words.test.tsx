import { i18n } from "@lingui/core";
import { act, render, screen } from "./testing-library";
import { afterEach, describe, expect, it } from "vitest";
import { BulkProgress } from "../../src/components/bulk-progress";
import { ConfirmDialog } from "../../src/components/confirm-dialog";

/**
 * English has one "Cancel"; Russian has two words. Dismissing a dialog keeps things as they were
 * («Отмена»); stopping a run under way is an action of its own («Отменить»).
 */
describe("the word on a cancel button, in Russian", () => {
  afterEach(() => {
    act(() => {
      i18n.activate("en");
    });
  });

  it("is «Отмена» on a dialog and «Отменить» on a run under way", () => {
    act(() => {
      i18n.activate("ru");
    });
    render(
      <>
        <ConfirmDialog
          open
          onOpenChange={() => undefined}
          title="Удалить?"
          description=""
          confirmLabel="Удалить"
          onConfirm={() => undefined}
        />
        <BulkProgress
          verb="Сохраняем"
          label="Сохранение"
          done={1}
          total={3}
          onCancel={() => undefined}
        />
      </>,
    );
    expect(screen.getByRole("button", { name: "Отмена" }).closest("[role=alertdialog]")).not.toBe(
      null,
    );
    expect(screen.getByRole("button", { name: "Отменить" }).closest(".bulk-progress")).not.toBe(
      null,
    );
  });
});
