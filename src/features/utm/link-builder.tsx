import { i18n as globalI18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useMutation } from "@tanstack/react-query";
import { lazy, Suspense, useEffect, useId, useRef, useState } from "react";
import { useForm } from "react-hook-form";
import { useApi } from "@/api/api-context";
import { isApiError } from "@/api/api-error";
import { describeApiError } from "@/api/error-text";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { CopyButton } from "@/components/copy-button";
import { ErrorState } from "@/components/error-state";
import type { SubscriptionInfo, UtmInfo } from "@/contract/entities";
import { ErrorCode } from "@/contract/errors";
import { zodResolver } from "@/i18n/zod-resolver";
import type { RecentLink } from "@/lib/recent-links";
import { linkForm, type LinkFormValues } from "./link-form-schema";

interface LinkBuilderProps {
  groupId: number;
  tags: readonly UtmInfo[];
  subscriptions: readonly SubscriptionInfo[];
  subscriptionNames: ReadonlyMap<number, string>;
  /** The tags and subscriptions are still on their way. */
  loading: boolean;
  onMade: (link: RecentLink) => void;
  /** Admin and marketing: "New tag…" opens the page's dialog; the tag made is then chosen. */
  onNewTag?: ((select: (utmId: number) => void) => void) | undefined;
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
  onNewTag,
}: LinkBuilderProps) {
  const { t } = useLingui();
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
  // A tag just created is chosen once the list of tags drawn in the select holds it (the
  // list is read again after the tag is made; under load it may arrive frames later).
  const [tagToChoose, chooseTag] = useState<number | null>(null);
  const chosenTag = useRef<number | null>(null);
  useEffect(() => {
    if (tagToChoose === null || chosenTag.current === tagToChoose) return;
    if (!tags.some((tag) => tag.utm_id === tagToChoose)) return;
    chosenTag.current = tagToChoose;
    setValue("tag", String(tagToChoose), { shouldValidate: true });
  }, [tags, tagToChoose, setValue]);

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
      const id = utmId;
      const subscription = Number(values.subscription);
      const entry: RecentLink = {
        link: answer.link,
        utmId,
        tagName: tags.find((tag) => tag.utm_id === utmId)?.name ?? globalI18n._(msg`Tag #${id}`),
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
      // The service's English (error.message) only says which field; people read our words.
      if (isApiError(error) && error.code === ErrorCode.UtmNotFound) {
        const refusal = describeApiError(error, globalI18n);
        setError("tag", { message: globalI18n._(msg`${refusal} Choose another tag.`) });
      } else if (isApiError(error) && error.code === ErrorCode.InvalidValue) {
        const field = /subscription/i.test(error.message) ? "subscription" : "tag";
        setError(field, { message: describeApiError(error, globalI18n) });
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
      <h2 id="utm-builder-title">
        <Trans>Build a link</Trans>
      </h2>
      {loading && (
        <p role="status" className="muted">
          <Trans>Loading tags and subscriptions…</Trans>
        </p>
      )}
      <form className="utm-builder-form" noValidate onSubmit={(event) => void submit(event)}>
        <div className="field">
          <label htmlFor={tagId}>
            <Trans>UTM tag</Trans>
          </label>
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
            <option value="">{t`Choose a tag`}</option>
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
          {onNewTag && (
            <div>
              <button
                type="button"
                className="button"
                onClick={() => {
                  onNewTag(chooseTag);
                }}
              >
                <Trans>New tag…</Trans>
              </button>
            </div>
          )}
        </div>
        <div className="field">
          <label htmlFor={subscriptionId}>
            <Trans>Subscription</Trans>
          </label>
          <select
            id={subscriptionId}
            className="utm-select"
            aria-invalid={errors.subscription ? true : undefined}
            aria-describedby={errors.subscription ? `${subscriptionId}-error` : undefined}
            {...register("subscription")}
          >
            <option value="">{t`Choose a subscription`}</option>
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
          <Trans>Subscribe on click</Trans>
          <span className="muted utm-check-hint">
            <Trans>
              The person is subscribed as soon as they open the link, without confirming.
            </Trans>
          </span>
        </label>
        <div>
          <button type="submit" className="button button-primary" disabled={mutation.isPending}>
            {mutation.isPending ? t`Making the link…` : t`Make link`}
          </button>
        </div>
      </form>
      {mutation.isError && !fieldError && (
        <ErrorState
          title={t`Could not make the link.`}
          error={mutation.error}
          onRetry={() => void submit()}
        />
      )}
      <div
        ref={resultRef}
        tabIndex={-1}
        className="utm-result"
        aria-live="polite"
        aria-label={made ? t`The new link` : undefined}
      >
        {made && (
          <>
            <div className="field utm-link-field">
              <label htmlFor={`${tagId}-link`}>
                <Trans>Link</Trans>
              </label>
              <div className="utm-link-row">
                <input
                  id={`${tagId}-link`}
                  readOnly
                  value={made.link}
                  onFocus={(event) => {
                    event.currentTarget.select();
                  }}
                />
                <CopyButton
                  key={made.link}
                  text={made.link}
                  label={t`Copy the link`}
                  refused={t`The browser did not allow copying: select the link and press Ctrl+C (⌘C).`}
                />
              </div>
              <p className="muted utm-link-about">
                <LinkAbout link={made} />
              </p>
            </div>
            <ChunkBoundary what={t`The QR code could not be drawn.`}>
              <Suspense
                fallback={
                  <p className="muted">
                    <Trans>Drawing the QR code…</Trans>
                  </p>
                }
              >
                <QrCode text={made.link} fileName={`utm-${String(made.utmId)}-qr.svg`} />
              </Suspense>
            </ChunkBoundary>
          </>
        )}
      </div>
    </section>
  );
}

/** "Spring ads → News", and whether the link subscribes on click. */
function LinkAbout({ link }: { link: RecentLink }) {
  const { t } = useLingui();
  const { tagName, subscriptionName } = link;
  return link.force
    ? t`${tagName} → ${subscriptionName}, subscribes on click`
    : `${tagName} → ${subscriptionName}`;
}
