import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId } from "react";
import { Controller, useForm } from "react-hook-form";
import { TextField } from "@/components/text-field";
import type { DeliveryInfo } from "@/contract/entities";
import { zodResolver } from "@/i18n/zod-resolver";
import {
  deliveryFiltersForm,
  type DeliveryFiltersInput,
  type DeliveryFiltersValues,
} from "./delivery-filters-schema";

interface DeliveryFiltersProps {
  /** The filters in force (from the URL). */
  user: string;
  delivery: string;
  /** Undefined for a channel kind whose user-id field is not known: no recipient filter. */
  userIdLabel: string | undefined;
  deliveries: readonly DeliveryInfo[];
  deliveriesFailed: boolean;
  onApply: (values: DeliveryFiltersValues) => void;
}

/** Recipient and mass delivery; applied on submit, so typing an id does not call per key. */
export function DeliveryFilters({
  user,
  delivery,
  userIdLabel,
  deliveries,
  deliveriesFailed,
  onApply,
}: DeliveryFiltersProps) {
  const { t } = useLingui();
  const deliveryId = useId();
  const {
    register,
    control,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<DeliveryFiltersInput, unknown, DeliveryFiltersValues>({
    resolver: zodResolver(deliveryFiltersForm),
    defaultValues: { user, delivery },
  });
  // Back, Forward or a shared link change the URL: the form shows what is in force.
  useEffect(() => {
    reset({ user, delivery });
  }, [user, delivery, reset]);
  const submit = handleSubmit(onApply);
  const filtered = user !== "" || delivery !== "";

  return (
    <form
      className="deliveries-filters"
      aria-label={t`Filter delivery records`}
      noValidate
      onSubmit={(event) => void submit(event)}
    >
      {userIdLabel !== undefined && (
        <TextField
          label={t`Recipient (${userIdLabel})`}
          inputMode="numeric"
          autoComplete="off"
          spellCheck="false"
          error={errors.user?.message}
          {...register("user")}
        />
      )}
      <div className="field">
        <label htmlFor={deliveryId}>
          <Trans>Mass delivery</Trans>
        </label>
        {/* Controlled: when the names arrive, the "Delivery #…" fallback option is replaced by
            the named one, and an uncontrolled select would fall back to "All messages". */}
        <Controller
          control={control}
          name="delivery"
          render={({ field }) => (
            <select id={deliveryId} className="deliveries-select" {...field}>
              <option value="">{t`All messages`}</option>
              {deliveries.map((item) => (
                <option key={item.delivery_id} value={String(item.delivery_id)}>
                  {item.name}
                </option>
              ))}
              {delivery !== "" &&
                !deliveries.some((item) => String(item.delivery_id) === delivery) && (
                  <option value={delivery}>{t`Delivery #${delivery}`}</option>
                )}
            </select>
          )}
        />
        {deliveriesFailed && (
          <p className="muted deliveries-hint">
            <Trans>Delivery names could not be loaded.</Trans>
          </p>
        )}
      </div>
      <div className="deliveries-filter-actions">
        <button type="submit" className="button button-primary">
          <Trans>Apply filters</Trans>
        </button>
        {filtered && (
          <button
            type="button"
            className="button"
            onClick={() => {
              onApply({ user: "", delivery: "" });
            }}
          >
            <Trans>Clear filters</Trans>
          </button>
        )}
      </div>
    </form>
  );
}
