import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
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

interface ManageFormProps {
  subscriptions: readonly SubscriptionInfo[];
  utms: readonly UtmInfo[];
  idName: string;
  /** A run is going: the form may not start another. */
  busy: boolean;
  onSubmit: (values: ManageValues) => void;
}

const defaultValues: ManageInput = { action: "add", subscription: "", userIds: "", utm: "" };

export function ManageForm({ subscriptions, utms, idName, busy, onSubmit }: ManageFormProps) {
  const { t, i18n } = useLingui();
  const actionLegend = useId();
  const subscriptionId = useId();
  const utmId = useId();
  const {
    register,
    handleSubmit,
    control,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ManageInput, unknown, ManageValues>({
    resolver: zodResolver(manageForm),
    defaultValues,
  });
  const action = useWatch({ control, name: "action" });
  const text = useWatch({ control, name: "userIds" });
  const submit = handleSubmit((values) => {
    if (!busy) onSubmit(values);
  });

  return (
    <form className="manage-form card" noValidate onSubmit={(event) => void submit(event)}>
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
        {...register("userIds")}
      />

      <div className="manage-actions">
        <button
          type="submit"
          className={action === "add" ? "button button-primary" : "button button-danger"}
          disabled={busy}
        >
          {action === "add" ? t`Add subscribers` : t`Remove subscribers`}
        </button>
      </div>
    </form>
  );
}
