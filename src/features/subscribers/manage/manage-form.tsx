import { zodResolver } from "@hookform/resolvers/zod";
import { useId } from "react";
import { useForm, useWatch } from "react-hook-form";
import type { SubscriptionInfo, UtmInfo } from "@/contract/entities";
import {
  EVERY_SUBSCRIPTION,
  manageForm,
  type ManageInput,
  type ManageValues,
} from "./manage-schema";
import { UserIdsField } from "@/components/user-ids-field";

export const EVERY_SUBSCRIPTION_LABEL = "Every subscription (removes the person from all of them)";

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
        <legend id={actionLegend}>Action</legend>
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
            {value === "add" ? "Add" : "Remove"}
          </label>
        ))}
      </fieldset>

      <div className="field">
        <label htmlFor={subscriptionId}>Subscription</label>
        <select
          id={subscriptionId}
          className="manage-select"
          aria-invalid={errors.subscription ? true : undefined}
          aria-describedby={errors.subscription ? `${subscriptionId}-error` : undefined}
          {...register("subscription")}
        >
          <option value="">Choose a subscription</option>
          {subscriptions.map((item) => (
            <option key={item.subscription_id} value={item.subscription_id}>
              {item.name}
            </option>
          ))}
          {action === "remove" && (
            <option value={EVERY_SUBSCRIPTION}>{EVERY_SUBSCRIPTION_LABEL}</option>
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
          <label htmlFor={utmId}>UTM tag (optional)</label>
          <select
            id={utmId}
            className="manage-select"
            aria-invalid={errors.utm ? true : undefined}
            {...register("utm")}
          >
            <option value="">None</option>
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
          {action === "add" ? "Add subscribers" : "Remove subscribers"}
        </button>
      </div>
    </form>
  );
}
