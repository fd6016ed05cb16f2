import { useLingui } from "@lingui/react/macro";
import { ChangeText } from "@/components/change-text/change-text";
import { useFormat } from "@/i18n/use-format";
import { FUNNEL_STAGES, stageRate, type Funnel, type FunnelStage } from "@/lib/delivery-funnel";
import { rateText, STAGE_LABELS } from "./funnel-words";

interface FunnelFiguresProps {
  funnel: Funnel;
  /** Names the list for screen readers: "Funnel of the period", "Funnel of “Cold brew”". */
  label: string;
  /** The same funnel for the period before: each count and rate then shows its change. */
  previous?: Funnel;
}

/** Stages whose rise is bad news: coloured as such in the change. */
const BAD_WHEN_HIGHER: ReadonlySet<FunnelStage | "errors"> = new Set(["unsubscribed", "errors"]);

/**
 * The stages as a list, each with its count, its rate and a bar as long as its share of the
 * recipients; errors beside them, since they leave before "sent". Against a previous period,
 * each count shows its change in % and each rate its change in percentage points.
 */
export function FunnelFigures({ funnel, label, previous }: FunnelFiguresProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  const widest = Math.max(funnel.recipients, 1);
  const percent = (value: number) => format.percent(value);
  const stage = (name: FunnelStage | "errors") => {
    const value = funnel[name];
    const rate = stageRate(funnel, name);
    const higherIsBetter = !BAD_WHEN_HIGHER.has(name);
    return (
      <li key={name} className={`funnel-stage funnel-stage-${name}`} data-stage={name}>
        <span className="funnel-stage-label">{i18n._(STAGE_LABELS[name])}</span>
        <span className="funnel-stage-value">{format.number(value)}</span>
        <span className="funnel-stage-rate">
          {rate === undefined ? "" : rateText(name, format.percent(rate), i18n)}
        </span>
        {previous && (
          <>
            <span className="funnel-stage-change" data-testid={`funnel-change-${name}`}>
              <ChangeText
                current={value}
                previous={previous[name]}
                formatValue={format.number}
                higherIsBetter={higherIsBetter}
                showPrevious
              />
            </span>
            {name !== "recipients" && (
              <span className="funnel-stage-rate-change" data-testid={`funnel-rate-change-${name}`}>
                <ChangeText
                  current={rate}
                  previous={stageRate(previous, name)}
                  formatValue={percent}
                  higherIsBetter={higherIsBetter}
                  showPrevious
                  rate
                />
              </span>
            )}
          </>
        )}
        <span className="funnel-stage-track" aria-hidden="true">
          <span
            className="funnel-stage-bar"
            style={{ width: `${String(Math.min(100, (value / widest) * 100))}%` }}
          />
        </span>
      </li>
    );
  };
  return (
    <ol className="funnel-stages" aria-label={label}>
      {FUNNEL_STAGES.map(stage)}
      {stage("errors")}
    </ol>
  );
}
