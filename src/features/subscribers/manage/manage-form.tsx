import { Trans, useLingui } from "@lingui/react/macro";
import { plural } from "@lingui/core/macro";
import { useId, useState, type SyntheticEvent } from "react";
import { useCurrentChannel } from "@/components/current-channel";
import { LazyResolvePeople } from "@/components/resolve-people/lazy-resolve-people";
import { DIRECTORY_RESOLVE_MAX } from "@/contract/directory";
import { useFormat } from "@/i18n/use-format";
import { hasNames, linesToResolve } from "@/lib/people-lines";
import { useForm, useWatch } from "react-hook-form";
import type { SubscriptionInfo, UtmInfo } from "@/contract/entities";
import { zodResolver } from "@/i18n/zod-resolver";
import {
  CHOOSE_SUBSCRIPTION,
  EVERY_SUBSCRIPTION,
  manageForm,
  type ManageInput,
  type ManageValues,
} from "./manage-schema";
import { UserIdsField } from "@/components/user-ids-field";
import { useEmptiedWhenDone, useInitialDraft, useKeepDraft } from "@/components/use-form-draft";

interface ManageFormProps {
  subscriptions: readonly SubscriptionInfo[];
  utms: readonly UtmInfo[];
  idName: string;
  /** A run is going: the form may not start another. */
  busy: boolean;
  onSubmit: (values: ManageValues) => void;
  /** The channel's directory reads names: pasted names are resolved before anything is sent. */
  groupId: number;
  namesAccepted: boolean;
  /** Where what is typed is kept while the person is on another page (src/lib/drafts.ts). */
  draftKey: string;
  /** The run that did everything asked (its id): the form is emptied for the next one. */
  saved: number | undefined;
}

const defaultValues: ManageInput = { action: "add", subscription: "", userIds: "", utm: "" };
const FIELDS = ["action", "subscription", "utm", "userIds"] as const;

/** The draft as the form's values; a subscription or tag no longer listed is not chosen. */
function fromDraft(
  draft: Record<(typeof FIELDS)[number], string> | undefined,
  subscriptions: readonly SubscriptionInfo[],
  utms: readonly UtmInfo[],
): ManageInput {
  if (!draft) return defaultValues;
  const action = draft.action === "remove" ? "remove" : "add";
  const listed =
    subscriptions.some((item) => String(item.subscription_id) === draft.subscription) ||
    (action === "remove" && draft.subscription === String(EVERY_SUBSCRIPTION));
  const tagged = utms.some((tag) => String(tag.utm_id) === draft.utm);
  return {
    action,
    subscription: listed ? draft.subscription : "",
    utm: tagged && action === "add" ? draft.utm : "",
    userIds: draft.userIds,
  };
}

export function ManageForm({
  subscriptions,
  utms,
  idName,
  busy,
  onSubmit,
  groupId,
  namesAccepted,
  draftKey,
  saved,
}: ManageFormProps) {
  const { t, i18n } = useLingui();
  const { time_zone: timeZone } = useCurrentChannel();
  const format = useFormat();
  const actionLegend = useId();
  const subscriptionId = useId();
  const utmId = useId();
  const draft = useInitialDraft(draftKey, FIELDS);
  const [initial] = useState(() => fromDraft(draft, subscriptions, utms));
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    trigger,
    setError,
    reset,
    formState: { errors },
  } = useForm<ManageInput, unknown, ManageValues>({
    resolver: zodResolver(manageForm),
    // What was typed before the person went to another page comes back.
    defaultValues: initial,
  });
  const action = useWatch({ control, name: "action" });
  const text = useWatch({ control, name: "userIds" });
  const subscription = useWatch({ control, name: "subscription" });
  const utm = useWatch({ control, name: "utm" });
  // "Add" is where the form starts: alone it is no draft.
  useKeepDraft(draftKey, {
    action: action === "add" ? "" : action,
    subscription,
    utm,
    userIds: text,
  });

  const markSent = useEmptiedWhenDone<ManageInput>(saved, getValues, reset, defaultValues);

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
    if (!(await trigger(["action", "subscription", "utm"]))) return;
    const lines = linesToResolve(pasted);
    if (lines.length > DIRECTORY_RESOLVE_MAX) {
      const most = format.number(DIRECTORY_RESOLVE_MAX);
      const count = format.number(lines.length);
      setError("userIds", { message: t`At most ${most} lines at a time; there are ${count}` });
      return;
    }
    setResolving(lines);
  };

  return (
    <form className="manage-form card" noValidate onSubmit={(event) => void send(event)}>
      <fieldset className="manage-action" role="radiogroup" aria-labelledby={actionLegend}>
        <legend id={actionLegend}>
          <Trans>Action</Trans>
        </legend>
        {(["add", "remove"] as const).map((value) => (
          <label key={value} className="manage-radio">
            <input
              type="radio"
              value={value}
              {...register("action", {
                onChange: () => {
                  // "Every subscription" exists only for removing; an add needs a real one.
                  if (value === "add" && getValues("subscription") === String(EVERY_SUBSCRIPTION)) {
                    setValue("subscription", "");
                  }
                },
              })}
            />
            {value === "add" ? t`Add` : t`Remove`}
          </label>
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor={subscriptionId}>
          <Trans>Subscription</Trans>
        </label>
        <select
          id={subscriptionId}
          className="manage-select"
          aria-invalid={errors.subscription ? true : undefined}
          aria-describedby={errors.subscription ? `${subscriptionId}-error` : undefined}
          {...register("subscription")}
        >
          <option value="">{i18n._(CHOOSE_SUBSCRIPTION)}</option>
          {subscriptions.map((item) => (
            <option key={item.subscription_id} value={item.subscription_id}>
              {item.name}
            </option>
          ))}
          {action === "remove" && (
            <option value={EVERY_SUBSCRIPTION}>
              {t`Every subscription (removes the person from all of them)`}
            </option>
          )}
        </select>
        {errors.subscription?.message && (
          <p id={`${subscriptionId}-error`} className="field-error">
            {errors.subscription.message}
          </p>
        )}
      </div>

      {action === "add" && (
        <div className="field">
          <label htmlFor={utmId}>
            <Trans>UTM tag (optional)</Trans>
          </label>
          <select
            id={utmId}
            className="manage-select"
            aria-invalid={errors.utm ? true : undefined}
            {...register("utm")}
          >
            <option value="">{t({ message: "None", context: "no UTM tag" })}</option>
            {utms.map((tag) => (
              <option key={tag.utm_id} value={tag.utm_id}>
                {tag.name}
              </option>
            ))}
          </select>
          {errors.utm?.message && <p className="field-error">{errors.utm.message}</p>}
        </div>
      )}

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
            action === "add"
              ? t`${plural(count, { 0: "Add people", one: "Add # person", other: "Add # people" })}`
              : t`${plural(count, { 0: "Remove people", one: "Remove # person", other: "Remove # people" })}`
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
        <div className="manage-actions">
          <button
            type="submit"
            className={action === "add" ? "button button-primary" : "button button-danger"}
            disabled={busy}
          >
            {action === "add" ? t`Add subscribers` : t`Remove subscribers`}
          </button>
        </div>
      )}
    </form>
  );
}
