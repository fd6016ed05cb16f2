import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useMemo, useState } from "react";
import { useForm, useWatch } from "react-hook-form";
import { Link } from "react-router";
import { isApiError } from "@/api/api-error";
import { describeApiError } from "@/api/error-text";
import { UnsavedChangesGuard } from "@/components/unsaved-changes-guard";
import { dropDraft, useInitialDraft } from "@/components/use-form-draft";
import { zodResolver } from "@/i18n/zod-resolver";
import { sessionDrafts, writeDraft } from "@/lib/drafts";
import {
  GROUP_DRAFT_FIELDS,
  groupDraftFromForm,
  groupErrorField,
  groupFormFromDraft,
  type GroupFormValues,
} from "@/lib/group-form";
import {
  AccessSection,
  AfterSection,
  AnalyticsSection,
  LinksSection,
  NameSection,
} from "./group-form-sections";
import { groupFormSchema } from "./group-form-schema";

interface GroupFormProps {
  /** What the form starts from: the group as the service has it, or an empty one. */
  saved: GroupFormValues;
  /** Where the unsaved edits are kept while the person is elsewhere (src/lib/drafts.ts). */
  draftKey: string;
  /** The channel's other groups (exclusions) and its bots. */
  groups: readonly { id: number; name: string }[];
  bots: readonly { id: number; name: string }[];
  zoneLabel: string;
  submitLabel: string;
  busyLabel: string;
  /** Where Cancel goes. */
  backTo: string;
  /** Sends the form; resolves when saved, rejects with the refusal (shown at its field). */
  onSave: (values: GroupFormValues) => Promise<void>;
  /** Called once saved, after the leave-the-page guard has let go (to move on). */
  onSaved: () => void;
}

/**
 * A group's every setting of subscriptions/add|edit, in sections, checked by the contract's
 * schemas before it is sent. A refusal is said beside the field it names (or above the button)
 * and nothing typed is lost: the form keeps it, and so does the tab's draft while the person
 * is on another page; leaving with unsaved edits asks first.
 */
export function GroupForm({
  saved,
  draftKey,
  groups,
  bots,
  zoneLabel,
  submitLabel,
  busyLabel,
  backTo,
  onSave,
  onSaved,
}: GroupFormProps) {
  const { t, i18n } = useLingui();
  // `i18n` is one object in every language: its messages are written again when it changes.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const schema = useMemo(() => groupFormSchema(i18n), [i18n, i18n.locale]);
  const draft = useInitialDraft(draftKey, GROUP_DRAFT_FIELDS);
  const [restored, setRestored] = useState(draft !== undefined);
  const form = useForm<GroupFormValues>({
    resolver: zodResolver(schema),
    // The saved group is the form's clean state, so that a draft shows as unsaved edits.
    defaultValues: saved,
  });
  const {
    handleSubmit,
    setError,
    reset,
    control,
    formState: { errors, isSubmitting, isDirty },
  } = form;
  const values = useWatch({ control });
  useEffect(() => {
    if (draft) reset(groupFormFromDraft(draft), { keepDefaultValues: true });
  }, [draft, reset]);
  const [done, setDone] = useState(false);

  // The draft is what differs from the saved group: kept while the form is dirty, gone when not.
  const draftText = JSON.stringify(groupDraftFromForm({ ...saved, ...values }));
  useEffect(() => {
    if (done) return;
    if (isDirty)
      writeDraft(sessionDrafts(), draftKey, JSON.parse(draftText) as Record<string, string>);
    else dropDraft(draftKey);
  }, [draftKey, draftText, isDirty, done]);

  // After the guard's own effect (a child's) has seen `done`, so the move is not blocked.
  useEffect(() => {
    if (done) onSaved();
  }, [done, onSaved]);

  const submit = handleSubmit(async (values) => {
    try {
      await onSave(values);
      dropDraft(draftKey);
      setDone(true);
    } catch (error) {
      const field = isApiError(error) ? groupErrorField(error) : undefined;
      setError(
        field ?? "root",
        { type: "service", message: describeApiError(error, i18n) },
        { shouldFocus: field !== undefined },
      );
    }
  });

  return (
    <form className="settings-form" noValidate onSubmit={(event) => void submit(event)}>
      {restored && isDirty && (
        <p className="notice notice-warning settings-restored" role="status">
          <Trans>Your unsaved changes are back.</Trans>{" "}
          <button
            type="button"
            className="button settings-small"
            onClick={() => {
              reset(saved);
              setRestored(false);
            }}
          >
            <Trans>Discard them</Trans>
          </button>
        </p>
      )}
      <NameSection form={form} />
      <AccessSection form={form} zoneLabel={zoneLabel} />
      <AfterSection form={form} />
      <LinksSection form={form} groups={groups} bots={bots} />
      <AnalyticsSection form={form} />
      {errors.root?.message && (
        <p role="alert" className="notice notice-error">
          {errors.root.message}
        </p>
      )}
      {Object.keys(errors).some((key) => key !== "root") && (
        <p role="alert" className="field-error">
          <Trans>Some fields need a change: see the messages beside them.</Trans>
        </p>
      )}
      <div className="settings-actions">
        <button type="submit" className="button button-primary" disabled={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </button>
        <Link className="button" to={backTo}>
          <Trans>Cancel</Trans>
        </Link>
      </div>
      <UnsavedChangesGuard
        when={isDirty && !done}
        description={t`The changes to this group are not saved.`}
      />
    </form>
  );
}
