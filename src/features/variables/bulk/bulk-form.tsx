import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState, type SyntheticEvent } from "react";
import { useCurrentChannel } from "@/components/current-channel";
import { LazyResolvePeople } from "@/components/resolve-people/lazy-resolve-people";
import { DIRECTORY_RESOLVE_MAX } from "@/contract/directory";
import { hasNames, linesToResolve } from "@/lib/people-lines";
import { useForm, useWatch } from "react-hook-form";
import { TextField } from "@/components/text-field";
import { UserIdsField } from "@/components/user-ids-field";
import { useEmptiedWhenDone, useInitialDraft, useKeepDraft } from "@/components/use-form-draft";
import { VARIABLE_NAME_MAX, VARIABLE_VALUE_MAX } from "@/contract/common";
import { useFormat } from "@/i18n/use-format";
import { zodResolver } from "@/i18n/zod-resolver";
import { bulkSetForm, type BulkSetInput, type BulkSetValues } from "./bulk-schema";

interface BulkSetFormProps {
  idName: string;
  /** A run is going: the form may not start another. */
  busy: boolean;
  onSubmit: (values: BulkSetValues) => void;
  /** The service refused the name or value itself (the run stopped): shown at that field. */
  fieldError?: { field: "name" | "value"; message: string } | undefined;
  /** The channel's directory reads names: pasted names are resolved before anything is sent. */
  groupId: number;
  namesAccepted: boolean;
  /** Where what is typed is kept while the person is on another page (src/lib/drafts.ts). */
  draftKey: string;
  /** The run that saved it for everyone (its id): the form is emptied for the next one. */
  saved: number | undefined;
}

const defaultValues: BulkSetInput = { name: "", value: "", userIds: "" };
const FIELDS = ["name", "value", "userIds"] as const;

export function BulkSetForm({
  idName,
  busy,
  onSubmit,
  fieldError,
  groupId,
  namesAccepted,
  draftKey,
  saved,
}: BulkSetFormProps) {
  const { t, i18n } = useLingui();
  const { time_zone: timeZone } = useCurrentChannel();
  const format = useFormat();
  const valueId = useId();
  const draft = useInitialDraft(draftKey, FIELDS);
  const {
    register,
    handleSubmit,
    control,
    setError,
    getValues,
    setValue,
    trigger,
    reset,
    formState: { errors },
  } = useForm<BulkSetInput, unknown, BulkSetValues>({
    resolver: zodResolver(bulkSetForm),
    // What was typed before the person went to another page comes back.
    defaultValues: draft ?? defaultValues,
  });
  useEffect(() => {
    if (fieldError) {
      const reason = fieldError.message;
      setError(
        fieldError.field,
        { type: "service", message: i18n._(msg`The service refused it: ${reason}`) },
        { shouldFocus: true },
      );
    }
  }, [fieldError, setError, i18n]);
  const text = useWatch({ control, name: "userIds" });
  const value = useWatch({ control, name: "value" });
  const name = useWatch({ control, name: "name" });
  useKeepDraft(draftKey, { name, value, userIds: text });

  const markSent = useEmptiedWhenDone<BulkSetInput>(saved, getValues, reset, defaultValues);

  const submit = handleSubmit((values) => {
    if (busy) return;
    markSent();
    onSubmit(values);
  });
  const [resolving, setResolving] = useState<string[] | undefined>();
  const send = async (event: SyntheticEvent<HTMLFormElement, SubmitEvent>) => {
    event.preventDefault();
    if (busy) return;
    const pasted = getValues("userIds");
    if (!namesAccepted || !hasNames(pasted)) {
      await submit(event);
      return;
    }
    // The other fields first: a person settles the names only for a run that can go.
    if (!(await trigger(["name", "value"]))) return;
    const lines = linesToResolve(pasted);
    if (lines.length > DIRECTORY_RESOLVE_MAX) {
      const most = format.number(DIRECTORY_RESOLVE_MAX);
      const count = format.number(lines.length);
      setError("userIds", { message: t`At most ${most} lines at a time; there are ${count}` });
      return;
    }
    setResolving(lines);
  };
  const valueHint = `${valueId}-hint`;
  const length = format.number(value.length);
  const max = format.number(VARIABLE_VALUE_MAX);
  const valueError = `${valueId}-error`;

  return (
    <form className="bulk-set-form card" noValidate onSubmit={(event) => void send(event)}>
      <TextField
        label={t`Variable name`}
        autoComplete="off"
        spellCheck="false"
        maxLength={VARIABLE_NAME_MAX * 2}
        className="bulk-set-name"
        error={errors.name?.message}
        {...register("name")}
      />
      <div className="field">
        <label htmlFor={valueId}>
          <Trans>Value</Trans>
        </label>
        <textarea
          id={valueId}
          rows={2}
          className="bulk-set-value"
          aria-invalid={errors.value ? true : undefined}
          aria-describedby={[valueHint, errors.value ? valueError : ""].filter(Boolean).join(" ")}
          {...register("value")}
        />
        <p id={valueHint} className="bulk-set-hint">
          <Trans>
            Saved as text, exactly as written; an existing value is replaced. {length} of {max}{" "}
            characters.
          </Trans>
        </p>
        {errors.value?.message && (
          <p id={valueError} className="field-error">
            {errors.value.message}
          </p>
        )}
      </div>
      <UserIdsField
        idName={idName}
        text={text}
        error={errors.userIds?.message}
        namesAccepted={namesAccepted}
        readOnly={resolving !== undefined}
        {...register("userIds")}
      />
      {resolving ? (
        <LazyResolvePeople
          groupId={groupId}
          lines={resolving}
          timeZone={timeZone}
          useLabel={(count) =>
            t`${plural(count, { 0: "Set it for people", one: "Set it for # person", other: "Set it for # people" })}`
          }
          onCancel={() => {
            setResolving(undefined);
          }}
          onUse={(ids) => {
            // What is sent is what was shown: the ids of the people settled on.
            setValue("userIds", ids.join("\n"));
            setResolving(undefined);
            void submit();
          }}
        />
      ) : (
        <div>
          <button type="submit" className="button button-primary" disabled={busy}>
            <Trans>Set the variable</Trans>
          </button>
        </div>
      )}
    </form>
  );
}
