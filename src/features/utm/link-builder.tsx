import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation } from "@tanstack/react-query";
import { lazy, Suspense, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useApi } from "@/api/api-context";
import { isApiError } from "@/api/api-error";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { ErrorState } from "@/components/error-state";
import type { SubscriptionInfo, UtmInfo } from "@/contract/entities";
import { ErrorCode } from "@/contract/errors";
import type { RecentLink } from "@/lib/recent-links";
import { CopyButton } from "./copy-button";
import { linkForm, type LinkFormValues } from "./link-form-schema";

interface LinkBuilderProps {
  groupId: number;
  tags: readonly UtmInfo[];
  subscriptions: readonly SubscriptionInfo[];
  subscriptionNames: ReadonlyMap<number, string>;
  /** The tags and subscriptions are still on their way. */
  loading: boolean;
  onMade: (link: RecentLink) => void;
}

const QrCode = lazy(() => import("./qr-code"));

const defaultValues = { tag: "", subscription: "", force: false };

/** utms/getLink as a form: the link comes back with a copy button and its QR code. */
export function LinkBuilder({
  groupId,
  tags,
  subscriptions,
  subscriptionNames,
  loading,
  onMade,
}: LinkBuilderProps) {
  const { call } = useApi();
  const tagId = useId();
  const subscriptionId = useId();
  const resultRef = useRef<HTMLDivElement>(null);
  const [made, setMade] = useState<RecentLink | null>(null);
  const {
    register,
    handleSubmit,
    setValue,
    getValues,
    setError,
    formState: { errors },
  } = useForm<LinkFormValues>({ resolver: zodResolver(linkForm), defaultValues });

  const mutation = useMutation({
    mutationFn: (values: LinkFormValues) =>
      call(
        "utms/getLink",
        {
          utm_id: Number(values.tag),
          subscription_id: Number(values.subscription),
          ...(values.force ? { force: 1 as const } : {}),
        },
        { groupId },
      ),
    onSuccess: (answer, values) => {
      const utmId = Number(values.tag);
      const subscription = Number(values.subscription);
      const entry: RecentLink = {
        link: answer.link,
        utmId,
        tagName: tags.find((tag) => tag.utm_id === utmId)?.name ?? `Tag #${String(utmId)}`,
        subscriptionId: subscription,
        subscriptionName: subscriptionNames.get(subscription) ?? `#${String(subscription)}`,
        force: values.force,
        at: Date.now(),
      };
      setMade(entry);
      onMade(entry);
      // The result appears below the form: take the keyboard there, where Copy is.
      requestAnimationFrame(() => resultRef.current?.focus());
    },
    onError: (error) => {
      // The service's refusals belong to the field they are about.
      if (isApiError(error) && error.code === ErrorCode.UtmNotFound) {
        setError("tag", { message: `${sentence(error.message)} Choose another tag.` });
      } else if (isApiError(error) && error.code === ErrorCode.InvalidValue) {
        const field = /subscription/i.test(error.message) ? "subscription" : "tag";
        setError(field, { message: sentence(error.message) });
      }
    },
  });
  const fieldError =
    isApiError(mutation.error) &&
    (mutation.error.code === ErrorCode.UtmNotFound ||
      mutation.error.code === ErrorCode.InvalidValue);

  const submit = handleSubmit((values) => {
    setMade(null);
    mutation.mutate(values);
  });

  return (
    <section className="utm-builder card" aria-labelledby="utm-builder-title">
      <h2 id="utm-builder-title">Build a link</h2>
      {loading && (
        <p role="status" className="muted">
          Loading tags and subscriptions…
        </p>
      )}
      <form className="utm-builder-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={tagId}>UTM tag</label>
          <select
            id={tagId}
            className="utm-select"
            aria-invalid={errors.tag ? true : undefined}
            aria-describedby={errors.tag ? `${tagId}-error` : undefined}
            {...register("tag", {
              onChange: () => {
                // A tag belongs to a subscription: offer that one, the person may change it.
                const tag = tags.find((item) => String(item.utm_id) === getValues("tag"));
                if (tag && subscriptions.some((s) => s.subscription_id === tag.subscription_id)) {
                  setValue("subscription", String(tag.subscription_id), { shouldValidate: false });
                }
              },
            })}
          >
            <option value="">Choose a tag</option>
            {tags.map((tag) => (
              <option key={tag.utm_id} value={String(tag.utm_id)}>
                {tag.name}
              </option>
            ))}
          </select>
          {errors.tag?.message && (
            <p id={`${tagId}-error`} className="field-error">
              {errors.tag.message}
            </p>
          )}
        </div>
        <div className="field">
          <label htmlFor={subscriptionId}>Subscription</label>
          <select
            id={subscriptionId}
            className="utm-select"
            aria-invalid={errors.subscription ? true : undefined}
            aria-describedby={errors.subscription ? `${subscriptionId}-error` : undefined}
            {...register("subscription")}
          >
            <option value="">Choose a subscription</option>
            {subscriptions.map((item) => (
              <option key={item.subscription_id} value={String(item.subscription_id)}>
                {item.name}
              </option>
            ))}
          </select>
          {errors.subscription?.message && (
            <p id={`${subscriptionId}-error`} className="field-error">
              {errors.subscription.message}
            </p>
          )}
        </div>
        <label className="utm-check">
          <input type="checkbox" {...register("force")} />
          Subscribe on click
          <span className="muted utm-check-hint">
            The person is subscribed as soon as they open the link, without confirming.
          </span>
        </label>
        <div>
          <button type="submit" className="button button-primary" disabled={mutation.isPending}>
            {mutation.isPending ? "Making the link…" : "Make link"}
          </button>
        </div>
      </form>
      {mutation.isError && !fieldError && (
        <ErrorState
          title="Could not make the link."
          error={mutation.error}
          onRetry={() => void submit()}
        />
      )}
      <div
        ref={resultRef}
        tabIndex={-1}
        className="utm-result"
        aria-live="polite"
        aria-label={made ? "The new link" : undefined}
      >
        {made && (
          <>
            <div className="field utm-link-field">
              <label htmlFor={`${tagId}-link`}>Link</label>
              <div className="utm-link-row">
                <input
                  id={`${tagId}-link`}
                  readOnly
                  value={made.link}
                  onFocus={(event) => {
                    event.currentTarget.select();
                  }}
                />
                <CopyButton key={made.link} text={made.link} label="Copy the link" />
              </div>
              <p className="muted utm-link-about">
                {made.tagName} → {made.subscriptionName}
                {made.force ? ", subscribes on click" : ""}
              </p>
            </div>
            <ChunkBoundary what="The QR code could not be drawn.">
              <Suspense fallback={<p className="muted">Drawing the QR code…</p>}>
                <QrCode text={made.link} fileName={`utm-${String(made.utmId)}-qr.svg`} />
              </Suspense>
            </ChunkBoundary>
          </>
        )}
      </div>
    </section>
  );
}

/** The service's words as a sentence, to be followed by what to do. */
function sentence(text: string): string {
  const trimmed = text.trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
}
