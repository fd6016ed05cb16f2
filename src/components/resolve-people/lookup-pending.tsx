import { Trans, useLingui } from "@lingui/react/macro";

/**
 * The names check while its lines are looked up in the directory: shown by the check itself,
 * and by `LazyResolvePeople` while the check's code is still on its way (`codeLoading`: the
 * region is busy then, until the check, once in, says what it does).
 */
export function LookupPending({ codeLoading = false }: { codeLoading?: boolean }) {
  const { t } = useLingui();
  return (
    <section
      className="resolve-people card"
      aria-label={t`People to check`}
      aria-busy={codeLoading ? "true" : undefined}
    >
      <p role="status" className="muted">
        <Trans>Looking the lines up in the directory…</Trans>
      </p>
    </section>
  );
}
