import { useLingui } from "@lingui/react/macro";
import { useFormat } from "@/i18n/use-format";
import { FUNNEL_STAGES, stageRate, type Funnel, type FunnelStage } from "@/lib/delivery-funnel";
import { rateText, STAGE_LABELS } from "./funnel-words";

interface FunnelFiguresProps {
  funnel: Funnel;
  /** Names the list for screen readers: "Funnel of the period", "Funnel of “Cold brew”". */
  label: string;
}

/**
 * The stages as a list, each with its count, its rate and a bar as long as its share of the
 * recipients; errors beside them, since they leave before "sent".
 */
export function FunnelFigures({ funnel, label }: FunnelFiguresProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  const widest = Math.max(funnel.recipients, 1);
  const stage = (name: FunnelStage | "errors") => {
    const value = funnel[name];
    const rate = stageRate(funnel, name);
    return (
      <li key={name} className={`funnel-stage funnel-stage-${name}`} data-stage={name}>
        <span className="funnel-stage-label">{i18n._(STAGE_LABELS[name])}</span>
        <span className="funnel-stage-value">{format.number(value)}</span>
        <span className="funnel-stage-rate">
          {rate === undefined ? "" : rateText(name, format.percent(rate), i18n)}
        </span>
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
