import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo } from "react";
import { useForm, useWatch } from "react-hook-form";
import { isApiError } from "@/api/api-error";
import { describeApiError } from "@/api/error-text";
import { TextAreaField } from "@/components/text-area-field";
import { TextField } from "@/components/text-field";
import { useInitialDraft, useKeepDraft } from "@/components/use-form-draft";
import { zodResolver } from "@/i18n/zod-resolver";
import { useFormat } from "@/i18n/use-format";
import { NAME_MAX, variableErrorField } from "@/lib/variables";
import {
  addChannelVariableSchema,
  placeholderOf,
  type AddChannelVariableInput,
  type AddChannelVariableValues,
} from "./channel-variable-schema";

const empty: AddChannelVariableInput = { name: "", value: "" };
const FIELDS = ["name", "value"] as const;

interface AddChannelVariableProps {
  existing: ReadonlySet<string>;
  draftKey: string;
  /** Resolves when saved; rejects with the refusal, said at its field. */
  onAdd: (values: AddChannelVariableValues) => Promise<void>;
  onDirtyChange: (dirty: boolean) => void;
}

/** A new channel-wide variable; what was typed stays until it is saved (and in the draft). */
export function AddChannelVariable({
  existing,
  draftKey,
  onAdd,
  onDirtyChange,
}: AddChannelVariableProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const nameMax = format.number(NAME_MAX);
  const schema = useMemo(
    () => addChannelVariableSchema(existing, i18n),
    // `i18n` is one object in every language: its messages are written again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [existing, i18n, i18n.locale],
  );
  const initial = useInitialDraft(draftKey, FIELDS);
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<AddChannelVariableInput, unknown, AddChannelVariableValues>({
    resolver: zodResolver(schema),
    defaultValues: initial ?? empty,
  });
  const name = useWatch({ control, name: "name" });
  const value = useWatch({ control, name: "value" });
  useKeepDraft(draftKey, { name, value });
  const dirty = name !== "" || value !== "";
  useEffect(() => {
    onDirtyChange(dirty);
  }, [dirty, onDirtyChange]);

  const submit = handleSubmit(async (values) => {
    try {
      await onAdd(values);
      reset(empty);
    } catch (error) {
      const field = isApiError(error) ? variableErrorField(error) : undefined;
      setError(
        field ?? "root",
        { type: "service", message: describeApiError(error, i18n) },
        { shouldFocus: field !== undefined },
      );
    }
  });
  const shownName = name.trim();
  const placeholder = placeholderOf(shownName === "" ? "name" : shownName);

  return (
    <form className="card settings-add" noValidate onSubmit={(event) => void submit(event)}>
      <h2 className="settings-section-title">
        <Trans>Add a variable</Trans>
      </h2>
      <div className="settings-add-fields">
        <TextField
          label={t`Name`}
          hint={t`Latin letters, digits and _, up to ${nameMax}. Messages insert it as ${placeholder}.`}
          autoComplete="off"
          spellCheck="false"
          error={errors.name?.message}
          {...register("name")}
        />
        <TextAreaField
          label={t`Value`}
          rows={2}
          spellCheck="false"
          error={errors.value?.message}
          {...register("value")}
        />
      </div>
      {errors.root?.message && (
        <p role="alert" className="notice notice-error">
          {errors.root.message}
        </p>
      )}
      <div>
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? t`Adding…` : t`Add variable`}
        </button>
      </div>
    </form>
  );
}
