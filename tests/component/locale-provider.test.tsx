import { setupI18n } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { act, render, screen } from "@testing-library/react";
import { expect, it } from "vitest";
import { LocaleProvider } from "../../src/i18n/locale-provider";

it("draws the app again when the language changes, not when a catalog is added to it", () => {
  const i18n = setupI18n({ locale: "en", messages: { en: { hello: "Hello" }, ru: {} } });
  let renders = 0;
  function Greeting() {
    const { _ } = useLingui();
    renders += 1;
    return <p>{_("hello")}</p>;
  }
  render(
    <LocaleProvider i18n={i18n}>
      <Greeting />
    </LocaleProvider>,
  );
  expect(screen.getByText("Hello")).toBeTruthy();
  const first = renders;

  // A page's catalog arriving: what is on screen does not use it, nothing is drawn again.
  act(() => {
    i18n.load("en", { other: "Other" });
    i18n.load("ru", { hello: "Привет" });
  });
  expect(renders).toBe(first);

  // A switch: every word in the new language.
  act(() => {
    i18n.activate("ru");
  });
  expect(screen.getByText("Привет")).toBeTruthy();
  expect(renders).toBe(first + 1);
});
