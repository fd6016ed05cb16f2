import { Trans, useLingui } from "@lingui/react/macro";
import { useId, type TextareaHTMLAttributes, type Ref } from "react";
import { useFormat } from "@/i18n/use-format";
import { hasNames, summarisePeopleText } from "@/lib/people-lines";
import { parseUserIds, summariseUserIds, USER_IDS_MAX } from "@/lib/user-ids";
import "./user-ids-field.css";

interface UserIdsFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** The field name of the channel's kind, as "tg_user_id". */
  idName: string;
  /** The text as typed, for the count under the field. */
  text: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
  /** The channel's directory can read names and profile links too (issue 16). */
  namesAccepted?: boolean;
}

/** The pasted ids, with what they read as ("12 ids, 2 duplicates dropped") as one types. */
export function UserIdsField({
  idName,
  text,
  error,
  ref,
  namesAccepted = false,
  ...textarea
}: UserIdsFieldProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  const max = format.number(USER_IDS_MAX);
  // As people call the ids ("Telegram ID"), not by the API's field name.
  // eslint-disable-next-line lingui/no-unlocalized-strings -- the networks' names, in every language
  const network = idName === "vk_user_id" ? "VK" : "Telegram";
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {namesAccepted ? <Trans>User ids or names</Trans> : <Trans>User ids</Trans>}
      </label>
      <p id={hintId} className="user-ids-hint">
        {namesAccepted ? (
          <Trans>
            The people’s {network} user ids, names or profile links, one a line (ids may also be
            separated by commas or spaces); at most {max}. Names are looked up in the directory and
            shown to you before anything is sent.
          </Trans>
        ) : (
          <Trans>
            The people’s {network} user ids, separated by commas, spaces or new lines; at most {max}
            .
          </Trans>
        )}
      </p>
      <textarea
        {...textarea}
        id={id}
        ref={ref}
        rows={5}
        spellCheck="false"
        autoComplete="off"
        className="user-ids-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, countId, error ? errorId : ""].filter(Boolean).join(" ")}
      />
      <p id={countId} className="user-ids-hint">
        {namesAccepted && hasNames(text)
          ? summarisePeopleText(text, i18n)
          : summariseUserIds(parseUserIds(text), i18n)}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
