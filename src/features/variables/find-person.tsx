import { Trans, useLingui } from "@lingui/react/macro";
import { useId, useState } from "react";
import { describeProfile, parseProfileInput } from "@/lib/profile-link";
import type { UserIdField } from "@/lib/subscriber-format";

interface FindPersonProps {
  field: UserIdField | undefined;
  /** The person shown now, if any: the field starts with their id. */
  current: number;
  onFind: (userId: number) => void;
  /** The entry was refused: the person shown before is no longer what the field says. */
  onRefuse: () => void;
}

/**
 * Who to open: a user id, or a profile link that carries one. Under the field it says, as one
 * types, which id it understood and from what, or why a link cannot do.
 */
export function FindPerson({ field, current, onFind, onRefuse }: FindPersonProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [text, setText] = useState(current > 0 ? String(current) : "");
  const [submitted, setSubmitted] = useState(false);
  const [shown, setShown] = useState(current);
  // An entry refused here took the card away: the field keeps it, and why it was refused.
  const [refused, setRefused] = useState(false);
  let parsed = parseProfileInput(text, field, i18n);
  if (shown !== current) {
    // Back or Forward to another person: the field follows, unless it already names them.
    setShown(current);
    if (refused && current === 0) {
      setRefused(false);
    } else if (!(parsed.kind === "id" && parsed.id === current)) {
      const next = current > 0 ? String(current) : "";
      setText(next);
      parsed = parseProfileInput(next, field, i18n);
    }
  }
  const problem = parsed.kind === "problem" ? parsed.message : undefined;
  const showProblem = problem !== undefined;
  const emptyError = submitted && parsed.kind === "empty";

  const submit = (event: { preventDefault: () => void }) => {
    event.preventDefault();
    setSubmitted(true);
    if (parsed.kind === "id") {
      onFind(parsed.id);
    } else if (current > 0) {
      // Keeping the last person's card under a refused entry reads as if it were theirs.
      setRefused(true);
      onRefuse();
    }
  };

  const label =
    field === "vk_user_id"
      ? t`VK user id or profile link`
      : field === "tg_user_id"
        ? t`Telegram user id or profile link`
        : t`User id or profile link`;
  const example =
    field === "tg_user_id"
      ? t`The person’s user id: a number, or a tg://user?id=… link.`
      : field === "vk_user_id"
        ? t`The person’s user id: a number, or a profile link like vk.com/id123.`
        : t`The person’s user id: a number, or a profile link.`;
  const invalid = showProblem || emptyError;
  return (
    <form
      className="card variables-find"
      role="search"
      aria-label={t`Find a person`}
      onSubmit={submit}
    >
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="variables-find-row">
          <input
            id={id}
            value={text}
            autoComplete="off"
            spellCheck="false"
            inputMode="text"
            aria-invalid={invalid ? true : undefined}
            aria-describedby={`${id}-understood`}
            onChange={(event) => {
              setText(event.target.value);
              setSubmitted(false);
            }}
          />
          <button type="submit" className="button button-primary">
            <Trans>Open</Trans>
          </button>
        </div>
        <p
          id={`${id}-understood`}
          className={invalid ? "field-error" : "variables-hint"}
          aria-live="polite"
        >
          {parsed.kind === "id"
            ? describeProfile(parsed, i18n)
            : emptyError
              ? t`Enter a user id or a profile link.`
              : (problem ?? example)}
        </p>
      </div>
    </form>
  );
}
