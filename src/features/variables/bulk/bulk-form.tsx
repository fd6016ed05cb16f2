import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import { TextField } from "@/components/text-field";
import { UserIdsField } from "@/components/user-ids-field";
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
}

const defaultValues: BulkSetInput = { name: "", value: "", userIds: "" };

export function BulkSetForm({ idName, busy, onSubmit, fieldError }: BulkSetFormProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const valueId = useId();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<BulkSetInput, unknown, BulkSetValues>({
    resolver: zodResolver(bulkSetForm),
    defaultValues,
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
  const submit = handleSubmit((values) => {
    if (!busy) onSubmit(values);
  });
  const valueHint = `${valueId}-hint`;
  const length = format.number(value.length);
  const max = format.number(VARIABLE_VALUE_MAX);
  const valueError = `${valueId}-error`;

  return (
    <form className="bulk-set-form card" noValidate onSubmit={(event) => void submit(event)}>
      <TextField
        label={t`Variable name`}
        autoComplete="off"
        spellCheck={false}
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
        {...register("userIds")}
      />
      <div>
        <button type="submit" className="button button-primary" disabled={busy}>
          <Trans>Set the variable</Trans>
        </button>
      </div>
    </form>
  );
}
