import { Trans, useLingui } from "@lingui/react/macro";
import { useId, type ReactNode } from "react";
import { useWatch, type UseFormReturn } from "react-hook-form";
import { TextAreaField } from "@/components/text-area-field";
import { TextField } from "@/components/text-field";
import type { GroupFormValues } from "@/lib/group-form";

type Form = UseFormReturn<GroupFormValues>;

/** One section of the form: a card with its heading, read out as the group of its fields. */
function Section({
  title,
  note,
  children,
}: {
  title: string;
  note?: ReactNode;
  children: ReactNode;
}) {
  return (
    <fieldset className="card settings-section">
      <legend className="settings-section-title">{title}</legend>
      {note && <p className="muted settings-section-note">{note}</p>}
      <div className="settings-fields">{children}</div>
    </fieldset>
  );
}

function Checkbox({
  form,
  name,
  label,
  hint,
}: {
  form: Form;
  name: "inactive" | "hide_subscriptions" | "disabled_notify" | "limit_period";
  label: string;
  hint: string;
}) {
  const id = useId();
  return (
    <div className="settings-check">
      <input id={id} type="checkbox" aria-describedby={`${id}-hint`} {...form.register(name)} />
      <label htmlFor={id}>{label}</label>
      <p id={`${id}-hint`} className="muted field-hint">
        {hint}
      </p>
    </div>
  );
}

export function NameSection({ form }: { form: Form }) {
  const { t } = useLingui();
  const { errors } = form.formState;
  return (
    <Section title={t`Name and subscription page`}>
      <TextField
        label={t({ message: "Name", context: "a group's name" })}
        hint={t`How the group is named here and in the service’s cabinet.`}
        autoComplete="off"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextField
        label={t`Title`}
        hint={t`The heading of the subscription page.`}
        autoComplete="off"
        error={errors.title?.message}
        {...form.register("title")}
      />
      <TextAreaField
        label={t`Short description`}
        hint={t`Shown in the list of the channel’s groups.`}
        rows={2}
        error={errors.short_description?.message}
        {...form.register("short_description")}
      />
      <TextAreaField
        label={t`Description`}
        hint={t`The text of the subscription page.`}
        rows={5}
        error={errors.description?.message}
        {...form.register("description")}
      />
      <div className="settings-pair">
        <TextField
          label={t`Subscribe button`}
          autoComplete="off"
          error={errors.btn_ok?.message}
          {...form.register("btn_ok")}
        />
        <TextField
          label={t`Unsubscribe button`}
          autoComplete="off"
          error={errors.btn_cancel?.message}
          {...form.register("btn_cancel")}
        />
      </div>
    </Section>
  );
}

export function AccessSection({ form, zoneLabel }: { form: Form; zoneLabel: string }) {
  const { t } = useLingui();
  const { errors } = form.formState;
  const limited = useWatch({ control: form.control, name: "limit_period" });
  return (
    <Section title={t`Who may subscribe`}>
      <Checkbox
        form={form}
        name="inactive"
        label={t`Closed to new subscribers`}
        hint={t`The subscription page takes nobody new; members stay.`}
      />
      <Checkbox
        form={form}
        name="hide_subscriptions"
        label={t`Hidden from the list of groups`}
        hint={t`Reached only by a direct link.`}
      />
      <Checkbox
        form={form}
        name="disabled_notify"
        label={t`No notices about new subscribers`}
        hint={t`The channel’s administrators are not told when someone subscribes.`}
      />
      <Checkbox
        form={form}
        name="limit_period"
        label={t`Only for a time`}
        hint={t`The group takes subscribers only between the two moments below, in the channel’s time (${zoneLabel}).`}
      />
      <div className="settings-pair">
        <TextField
          type="datetime-local"
          label={t`From`}
          disabled={!limited}
          error={errors.limit_period_from?.message}
          {...form.register("limit_period_from")}
        />
        <TextField
          type="datetime-local"
          label={t`Until`}
          disabled={!limited}
          error={errors.limit_period_to?.message}
          {...form.register("limit_period_to")}
        />
      </div>
    </Section>
  );
}

export function AfterSection({ form }: { form: Form }) {
  const { t } = useLingui();
  const { errors } = form.formState;
  return (
    <Section title={t`After subscribing`}>
      <TextField
        type="url"
        inputMode="url"
        label={t`Page after subscribing`}
        hint={t`Where the person goes next: an address starting with https://, or empty.`}
        autoComplete="off"
        spellCheck="false"
        error={errors.url_after_subscribing?.message}
        {...form.register("url_after_subscribing")}
      />
      <TextField
        type="url"
        inputMode="url"
        label={t`Page after unsubscribing`}
        autoComplete="off"
        spellCheck="false"
        error={errors.url_after_unsubscribing?.message}
        {...form.register("url_after_unsubscribing")}
      />
    </Section>
  );
}

interface Choice {
  id: number;
  name: string;
}

/** A list of ids as checkboxes: readable on a phone, unlike a <select multiple>. */
function IdChoices({
  form,
  name,
  title,
  hint,
  choices,
  empty,
}: {
  form: Form;
  name: "exclude_subscription_id" | "bot_ids";
  title: string;
  hint: string;
  choices: readonly Choice[];
  empty: string;
}) {
  const error = form.formState.errors[name]?.message;
  const id = useId();
  return (
    <fieldset
      className="settings-choices"
      aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
    >
      <legend>{title}</legend>
      <p id={`${id}-hint`} className="muted field-hint">
        {hint}
      </p>
      {choices.length === 0 ? (
        <p className="muted">{empty}</p>
      ) : (
        <ul className="settings-choice-list">
          {choices.map((choice) => (
            <li key={choice.id}>
              <label>
                <input type="checkbox" value={String(choice.id)} {...form.register(name)} />{" "}
                {choice.name}
              </label>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
    </fieldset>
  );
}

export function LinksSection({
  form,
  groups,
  bots,
}: {
  form: Form;
  groups: readonly Choice[];
  bots: readonly Choice[];
}) {
  const { t } = useLingui();
  return (
    <Section title={t`Other groups and bots`}>
      <IdChoices
        form={form}
        name="exclude_subscription_id"
        title={t`Leaves these groups`}
        hint={t`Whoever subscribes to this group is removed from the groups ticked.`}
        choices={groups}
        empty={t`The channel has no other groups.`}
      />
      <IdChoices
        form={form}
        name="bot_ids"
        title={t`Starts these bots`}
        hint={t`The bots ticked start for whoever subscribes.`}
        choices={bots}
        empty={t`The channel has no bots.`}
      />
    </Section>
  );
}

export function AnalyticsSection({ form }: { form: Form }) {
  const { t } = useLingui();
  const { errors } = form.formState;
  return (
    <Section
      title={t`Analytics`}
      note={
        <Trans>Counters fired on the subscription page. Leave empty what you do not use.</Trans>
      }
    >
      <div className="settings-pair">
        <TextField
          label={t`VK pixel`}
          autoComplete="off"
          spellCheck="false"
          error={errors.vk_pixel?.message}
          {...form.register("vk_pixel")}
        />
        <TextField
          label={t`Facebook pixel`}
          autoComplete="off"
          spellCheck="false"
          error={errors.fb_pixel?.message}
          {...form.register("fb_pixel")}
        />
        <TextField
          label={t`Yandex Metrica counter`}
          autoComplete="off"
          spellCheck="false"
          error={errors.ya_metrica?.message}
          {...form.register("ya_metrica")}
        />
        <TextField
          label={t`Google Analytics id`}
          autoComplete="off"
          spellCheck="false"
          error={errors.ga_metrica?.message}
          {...form.register("ga_metrica")}
        />
      </div>
    </Section>
  );
}
