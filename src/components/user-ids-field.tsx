import { Trans, useLingui } from "@lingui/react/macro";
import { useId, type TextareaHTMLAttributes, type Ref } from "react";
import { useFormat } from "@/i18n/use-format";
import { parseUserIds, summariseUserIds, USER_IDS_MAX } from "@/lib/user-ids";
import "./user-ids-field.css";

interface UserIdsFieldProps extends TextareaHTMLAttributes<HTMLTextAreaElement> {
  /** The field name of the channel's kind, as "tg_user_id". */
  idName: string;
  /** The text as typed, for the count under the field. */
  text: string;
  error?: string | undefined;
  ref?: Ref<HTMLTextAreaElement>;
}

/** The pasted ids, with what they read as ("12 ids, 2 duplicates dropped") as one types. */
export function UserIdsField({ idName, text, error, ref, ...textarea }: UserIdsFieldProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  const max = format.number(USER_IDS_MAX);
  const id = useId();
  const hintId = `${id}-hint`;
  const countId = `${id}-count`;
  const errorId = `${id}-error`;
  return (
    <div className="field">
      <label htmlFor={id}>
        <Trans>User ids</Trans>
      </label>
      <p id={hintId} className="user-ids-hint">
        <Trans>
          The people’s <code>{idName}</code>, separated by commas, spaces or new lines; at most{" "}
          {max}.
        </Trans>
      </p>
      <textarea
        {...textarea}
        id={id}
        ref={ref}
        rows={5}
        spellCheck={false}
        autoComplete="off"
        className="user-ids-textarea"
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, countId, error ? errorId : ""].filter(Boolean).join(" ")}
      />
      <p id={countId} className="user-ids-hint">
        {summariseUserIds(parseUserIds(text), i18n)}
      </p>
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </div>
  );
}
