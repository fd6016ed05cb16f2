import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import PencilIcon from "lucide/dist/esm/icons/pencil.mjs";
import PlusIcon from "lucide/dist/esm/icons/plus.mjs";
import TagIcon from "lucide/dist/esm/icons/tag.mjs";
import TrashIcon from "lucide/dist/esm/icons/trash.mjs";
import { useId, useMemo } from "react";
import { CsvExportButton } from "@/components/csv-export/csv-export-button";
import { useFormat } from "@/i18n/use-format";
import { campaignOf } from "@/lib/campaigns";
import {
  groupCounts,
  rankRows,
  totalsOf,
  UTM_GROUPINGS,
  UTM_MEASURES,
  type TagCount,
  type UtmGrouping,
  type UtmMeasure,
  type UtmRow,
} from "@/lib/utm-ranking";
import { ChangeText } from "@/components/change-text/change-text";
import type { ChartPeriod } from "@/lib/chart-image";
import { rowName, TagCountsChart } from "./tag-counts-chart";
import type { TagDialog } from "./tag-dialogs";
import { UtmTable } from "./utm-table";
import { withCatalogs } from "@/i18n/with-catalogs";
import { Icon } from "@/components/icon";

interface UtmFiguresProps {
  current: readonly TagCount[] | undefined;
  previous: readonly TagCount[] | undefined;
  names: ReadonlyMap<number, string>;
  labels: ReadonlyMap<number, string>;
  grouping: UtmGrouping;
  measure: UtmMeasure;
  onChange: (patch: { by?: UtmGrouping; rank?: UtmMeasure }) => void;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  retrying: boolean;
  periodText: string;
  previousText: string;
  /** For a CSV file's name: the period's days. */
  fileStem: string;
  /** The period and zone, for the chart's export. */
  chartPeriod: ChartPeriod;
  /** Admin and marketing: create, rename, delete tags and set their campaigns. */
  onDialog?: ((dialog: TagDialog) => void) | undefined;
}

/** The four totals' terms: their cards, and the cards' placeholders while the figures load. */
const TOTAL_TERMS = {
  subscribed: msg`Subscribed`,
  unsubscribed: msg`Unsubscribed`,
  net: msg`Net growth`,
  rate: msg`Unsubscribe rate`,
};

/**
 * The UTM figures: by campaign or by tag, ranked by subscribed, net or unsubscribe rate;
 * totals, chart and table, each figure against the period before; the table as CSV.
 */
export function UtmFigures({
  current,
  previous,
  names,
  labels,
  grouping,
  measure,
  onChange,
  loading,
  error,
  onRetry,
  retrying,
  periodText,
  previousText,
  fileStem,
  chartPeriod,
  onDialog,
}: UtmFiguresProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const groupName = useId();
  const rankId = useId();
  const ready = current !== undefined && previous !== undefined;
  const rows = useMemo(
    () =>
      ready
        ? rankRows(groupCounts({ current, previous, names, labels }, grouping), measure)
        : undefined,
    [ready, current, previous, names, labels, grouping, measure],
  );
  const totals = rows && {
    current: totalsOf(rows, "current"),
    previous: totalsOf(rows, "previous"),
  };
  const groupingLabels: Record<UtmGrouping, string> = {
    campaign: t`By campaign`,
    tag: t`By tag`,
  };
  const measureLabels: Record<UtmMeasure, string> = {
    subscribed: t`Subscribed`,
    net: t`Net growth`,
    rate: t`Unsubscribe rate`,
  };
  const tagCampaign = (utmId: number) => campaignOf(names.get(utmId), labels.get(utmId));

  const actions =
    onDialog &&
    ((row: UtmRow) => {
      const utmId = row.utmIds[0] ?? 0;
      const name = names.get(utmId);
      if (name === undefined) return null;
      const campaign = tagCampaign(utmId);
      return (
        <span className="utm-row-buttons">
          <button
            type="button"
            className="button button-small"
            aria-label={t`Campaign of ${name}`}
            title={t`Campaign of ${name}`}
            onClick={() => {
              onDialog({
                kind: "campaign",
                utmId,
                name,
                label: campaign?.label ?? "",
                stored: campaign?.stored ?? false,
              });
            }}
          >
            <Icon icon={TagIcon} size={16} />
          </button>
          <button
            type="button"
            className="button button-small"
            aria-label={t`Rename ${name}`}
            title={t`Rename ${name}`}
            onClick={() => {
              onDialog({ kind: "rename", utmId, name });
            }}
          >
            <Icon icon={PencilIcon} size={16} />
          </button>
          <button
            type="button"
            className="button button-small"
            aria-label={t`Delete ${name}`}
            title={t`Delete ${name}`}
            onClick={() => {
              onDialog({ kind: "delete", utmId, name });
            }}
          >
            <Icon icon={TrashIcon} size={16} />
          </button>
        </span>
      );
    });

  return (
    <section className="utm-figures" aria-label={t`Figures by campaign and tag`}>
      <div className="utm-controls">
        <div role="radiogroup" aria-labelledby={groupName} className="utm-actions">
          <span id={groupName} className="utm-legend">
            <Trans context="choice of grouping">Figures</Trans>
          </span>
          {UTM_GROUPINGS.map((value) => (
            <label key={value} className="utm-radio">
              <input
                type="radio"
                name={`${groupName}-by`}
                value={value}
                checked={grouping === value}
                onChange={() => {
                  onChange({ by: value });
                }}
              />
              {groupingLabels[value]}
            </label>
          ))}
        </div>
        <div className="utm-tag-filter">
          <label htmlFor={rankId}>
            <Trans>Rank by</Trans>
          </label>
          <select
            id={rankId}
            className="utm-select"
            value={measure}
            onChange={(event) => {
              const value = UTM_MEASURES.find((item) => item === event.currentTarget.value);
              if (value) onChange({ rank: value });
            }}
          >
            {UTM_MEASURES.map((value) => (
              <option key={value} value={value}>
                {measureLabels[value]}
              </option>
            ))}
          </select>
        </div>
        {onDialog && (
          <button
            type="button"
            className="button"
            onClick={() => {
              onDialog({ kind: "new" });
            }}
          >
            <Icon icon={PlusIcon} size={16} />
            <Trans>New tag…</Trans>
          </button>
        )}
      </div>
      {totals && (
        <dl
          className="utm-totals"
          aria-label={t`Totals, ${periodText}, compared with ${previousText}`}
        >
          <div>
            <dt>{i18n._(TOTAL_TERMS.subscribed)}</dt>
            <dd>
              <span className="utm-total-value">{format.number(totals.current.subscribed)}</span>{" "}
              <ChangeText
                showPrevious
                current={totals.current.subscribed}
                previous={totals.previous.subscribed}
                formatValue={format.number}
              />
            </dd>
          </div>
          <div>
            <dt>{i18n._(TOTAL_TERMS.unsubscribed)}</dt>
            <dd>
              <span className="utm-total-value">{format.number(totals.current.unsubscribed)}</span>{" "}
              <ChangeText
                showPrevious
                current={totals.current.unsubscribed}
                previous={totals.previous.unsubscribed}
                formatValue={format.number}
                higherIsBetter={false}
              />
            </dd>
          </div>
          <div>
            <dt>{i18n._(TOTAL_TERMS.net)}</dt>
            <dd>
              <span className="utm-total-value">{format.signed(totals.current.net)}</span>{" "}
              <ChangeText
                showPrevious
                current={totals.current.net}
                previous={totals.previous.net}
                formatValue={format.signed}
              />
            </dd>
          </div>
          <div>
            <dt>{i18n._(TOTAL_TERMS.rate)}</dt>
            <dd>
              <span className="utm-total-value">
                {totals.current.unsubscribeRate === undefined
                  ? "—"
                  : format.percent(totals.current.unsubscribeRate)}
              </span>{" "}
              <ChangeText
                showPrevious
                current={totals.current.unsubscribeRate}
                previous={totals.previous.unsubscribeRate}
                formatValue={(value) => format.percent(value)}
                higherIsBetter={false}
                rate
              />
            </dd>
          </div>
        </dl>
      )}
      {!totals && loading && <TotalsPlaceholder />}
      {(totals ?? loading) && (
        <p className="muted utm-totals-note">
          <Trans>Changes against {previousText}.</Trans>
        </p>
      )}
      <TagCountsChart
        rows={rows}
        grouping={grouping}
        measure={measure}
        totals={totals}
        loading={loading}
        error={error}
        onRetry={onRetry}
        retrying={retrying}
        periodText={periodText}
        previousText={previousText}
        period={chartPeriod}
      />
      {rows && totals && rows.length > 0 && (
        <section className="utm-table-section" aria-labelledby={`${groupName}-table`}>
          <div className="utm-table-head">
            <h2 id={`${groupName}-table`}>
              {grouping === "campaign" ? t`Campaigns compared` : t`Tags compared`}
            </h2>
            <CsvExportButton
              failureTitle={t`Could not export the UTM table.`}
              fileName={() =>
                grouping === "campaign"
                  ? `utm-campaigns-${fileStem}.csv`
                  : `utm-tags-${fileStem}.csv`
              }
              total={rows.length + 2}
              run={async ({ sink, format: csvFormat, onRows }) => {
                const { utmCsv } = await withCatalogs("csv", () => import("@/lib/utm-csv"));
                await sink.write(
                  utmCsv({
                    rows,
                    grouping,
                    totals,
                    nameOf: (row) => rowName(row, i18n),
                    campaignOf: (utmId) => tagCampaign(utmId)?.label,
                    format: csvFormat,
                  }),
                );
                await sink.close();
                onRows(rows.length);
                return { rows: rows.length };
              }}
            />
          </div>
          <UtmTable
            rows={rows}
            grouping={grouping}
            totals={totals}
            periodText={periodText}
            previousText={previousText}
            campaignOf={tagCampaign}
            actions={grouping === "tag" ? actions : undefined}
          />
          {grouping === "tag" && (
            <p className="muted utm-totals-note">
              <Trans>
                A campaign in grey is taken from the part of the tag’s name before the dash.
              </Trans>
            </p>
          )}
        </section>
      )}
    </section>
  );
}

/**
 * The four totals' cards while the figures load, with their terms and a line for each value:
 * the chart below keeps its place when the figures come (a layout shift, issue 15).
 */
function TotalsPlaceholder() {
  const { i18n } = useLingui();
  return (
    <dl className="utm-totals" aria-hidden="true">
      {Object.entries(TOTAL_TERMS).map(([key, term]) => (
        <div key={key}>
          <dt>{i18n._(term)}</dt>
          <dd>
            <span className="utm-total-value">
              <span className="skeleton skeleton-text utm-total-value-placeholder">&nbsp;</span>
            </span>{" "}
            <span className="change-text">
              <span className="skeleton skeleton-text">&nbsp;</span>
            </span>
          </dd>
        </div>
      ))}
    </dl>
  );
}
