import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useFormat } from "@/i18n/use-format";
import type { Figures, UtmGrouping, UtmRow } from "@/lib/utm-ranking";
import { ChangeText } from "@/components/change-text/change-text";
import { rowName } from "./tag-counts-chart";

interface UtmTableProps {
  /** Ranked, best first. */
  rows: readonly UtmRow[];
  grouping: UtmGrouping;
  totals: { current: Figures; previous: Figures };
  periodText: string;
  previousText: string;
  /** Tag view: the campaign a tag is in, and whether a person stored it. */
  campaignOf?: ((utmId: number) => { label: string; stored: boolean } | undefined) | undefined;
  /** Tag view, for admin and marketing: the buttons of a row (rename, campaign, delete). */
  actions?: ((row: UtmRow) => ReactNode) | undefined;
}

/**
 * Every campaign (or tag) with subscribed, unsubscribed, net and unsubscribe rate, each count
 * beside its change against the period before; totals at the foot.
 */
export function UtmTable({
  rows,
  grouping,
  totals,
  periodText,
  previousText,
  campaignOf,
  actions,
}: UtmTableProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const number = (value: number) => format.number(value);
  const signed = (value: number) => format.signed(value);
  const rate = (value: number) => format.percent(value);
  const caption =
    grouping === "campaign"
      ? t`Campaigns, ${periodText}, compared with ${previousText}`
      : t`UTM tags, ${periodText}, compared with ${previousText}`;

  const cells = (figures: Figures, previous: Figures) => (
    <>
      <td className="numeric">{number(figures.subscribed)}</td>
      <td className="numeric">
        <ChangeText
          current={figures.subscribed}
          previous={previous.subscribed}
          formatValue={number}
        />
      </td>
      <td className="numeric">{number(figures.unsubscribed)}</td>
      <td className="numeric">{signed(figures.net)}</td>
      <td className="numeric">
        <ChangeText current={figures.net} previous={previous.net} formatValue={signed} />
      </td>
      <td className="numeric">
        {figures.unsubscribeRate === undefined ? "—" : rate(figures.unsubscribeRate)}
      </td>
      <td className="numeric">
        <ChangeText
          current={figures.unsubscribeRate}
          previous={previous.unsubscribeRate}
          formatValue={rate}
          higherIsBetter={false}
          rate
        />
      </td>
    </>
  );

  return (
    <div className="data-table-scroll" role="region" aria-label={caption} tabIndex={0}>
      <table className="data-table utm-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{grouping === "campaign" ? t`Campaign` : t`UTM tag`}</th>
            <th scope="col">{grouping === "campaign" ? t`Tags` : t`Campaign`}</th>
            <th scope="col" className="numeric">
              <Trans>Subscribed</Trans>
            </th>
            <th scope="col" className="numeric">
              <span aria-hidden="true">±</span>
              <span className="visually-hidden">
                <Trans>Subscribed, change</Trans>
              </span>
            </th>
            <th scope="col" className="numeric">
              <Trans>Unsubscribed</Trans>
            </th>
            <th scope="col" className="numeric">
              <Trans>Net</Trans>
            </th>
            <th scope="col" className="numeric">
              <span aria-hidden="true">±</span>
              <span className="visually-hidden">
                <Trans>Net, change</Trans>
              </span>
            </th>
            <th scope="col" className="numeric">
              <Trans>Unsubscribe rate</Trans>
            </th>
            <th scope="col" className="numeric">
              <span aria-hidden="true">±</span>
              <span className="visually-hidden">
                <Trans>Unsubscribe rate, change</Trans>
              </span>
            </th>
            {actions && (
              <th scope="col">
                <span className="visually-hidden">
                  <Trans>Actions</Trans>
                </span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const utmId = row.utmIds[0] ?? 0;
            const campaign = grouping === "tag" ? campaignOf?.(utmId) : undefined;
            return (
              <tr key={row.key}>
                <th scope="row">{rowName(row, i18n)}</th>
                <td>
                  {grouping === "campaign" ? (
                    format.number(row.utmIds.length)
                  ) : campaign ? (
                    <span className={campaign.stored ? undefined : "muted"}>
                      {campaign.label}
                      {!campaign.stored && (
                        <span className="visually-hidden">
                          {" "}
                          <Trans>(from the name)</Trans>
                        </span>
                      )}
                    </span>
                  ) : (
                    "—"
                  )}
                </td>
                {cells(row.current, row.previous)}
                {actions && <td className="utm-row-actions">{actions(row)}</td>}
              </tr>
            );
          })}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">
              <Trans>Total</Trans>
            </th>
            <td />
            {cells(totals.current, totals.previous)}
            {actions && <td />}
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
