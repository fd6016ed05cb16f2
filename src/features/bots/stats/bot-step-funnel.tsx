import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { ChartFrame } from "@/components/chart/chart-frame";
import { CategoryBarChart, type CategoryPoint } from "@/components/chart/category-bar-chart";
import { useFormat } from "@/i18n/use-format";
import { botFunnel, largestDrop } from "@/lib/bot-funnel";
import { botStepTypes, stepTypeColor, stepTypeText } from "./step-words";
import { botStepsQuery } from "./steps-query";

interface BotStepFunnelProps {
  groupId: number;
  botId: number;
  botTitle: string;
}

/** A bot's steps in order as a funnel: runs per step, the drop since the step before, by type. */
export function BotStepFunnel({ groupId, botId, botTitle }: BotStepFunnelProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const { call } = useApi();
  const query = useQuery(botStepsQuery(groupId, call, botId));
  const funnel = botFunnel(query.data ?? []);
  const title = t`Steps of “${botTitle}”`;
  const runsLabel = t`Times the step ran`;

  const dropText = (drop: number | undefined, rate: number | undefined) => {
    if (drop === undefined) return "";
    const signed = format.signed(-drop);
    return rate === undefined ? signed : `${signed} (${format.signedPercent(-rate)})`;
  };
  const bars: CategoryPoint[] = funnel.map((entry) => {
    const type = stepTypeText(entry.step.type, i18n);
    const name = entry.step.title;
    const position = format.number(entry.position);
    return {
      label: `${position}. ${name}`,
      title: `${position}. ${name} (${type})`,
      values: [entry.runs],
      color: stepTypeColor(entry.step.type),
      note: dropText(entry.drop, entry.dropRate),
    };
  });
  const usedTypes = new Set(funnel.map((entry) => entry.step.type));
  const legend = [
    ...botStepTypes.filter((type) => usedTypes.has(type)),
    ...[...usedTypes].filter((type) => !(botStepTypes as readonly string[]).includes(type)),
  ].map((type) => ({ label: stepTypeText(type, i18n), color: stepTypeColor(type) }));

  const summary = (() => {
    const first = funnel[0];
    const last = funnel.at(-1);
    if (first === undefined || last === undefined) return t`This bot has no steps.`;
    const steps = funnel.length;
    const firstRuns = format.number(first.runs);
    const lastRuns = format.number(last.runs);
    const share = last.ofFirst === undefined ? "" : format.percent(last.ofFirst);
    const opening = share
      ? t`${plural(steps, { one: "# step", other: "# steps" })}: the first ran ${firstRuns} times, the last ${lastRuns} (${share} of the first).`
      : t`${plural(steps, { one: "# step", other: "# steps" })}: the first ran ${firstRuns} times, the last ${lastRuns}.`;
    const worst = largestDrop(funnel);
    if (worst === undefined) return opening;
    const worstName = worst.step.title;
    const lost = format.number(worst.drop ?? 0);
    const lostShare = format.percent(worst.dropRate ?? 0);
    return `${opening} ${t`Most runs lost before “${worstName}”: ${lost} (${lostShare}).`}`;
  })();

  return (
    <ChartFrame
      title={title}
      summary={summary}
      loading={query.isPending}
      error={query.isError ? query.error : undefined}
      onRetry={() => void query.refetch()}
      retrying={query.isRefetching}
      chart={
        bars.length === 0 ? null : (
          <CategoryBarChart
            series={[{ label: runsLabel, color: "var(--chart-sent)" }]}
            points={bars}
            valueLabel={runsLabel}
            legend={legend}
            minRowPx={30}
          />
        )
      }
      table={
        <div className="chart-table-wrap" tabIndex={0} role="group" aria-label={title}>
          <table className="chart-table">
            <caption>{title}</caption>
            <thead>
              <tr>
                <th scope="col">{t`Step`}</th>
                <th scope="col">{t`Type`}</th>
                <th scope="col">{t`Times it ran`}</th>
                <th scope="col">{t`Change since the step before`}</th>
                <th scope="col">{t`Of the first step`}</th>
              </tr>
            </thead>
            <tbody>
              {funnel.map((entry) => (
                <tr key={entry.step.step_id}>
                  <th scope="row">
                    {format.number(entry.position)}. {entry.step.title}
                  </th>
                  <td>{stepTypeText(entry.step.type, i18n)}</td>
                  <td>{format.number(entry.runs)}</td>
                  <td>{dropText(entry.drop, entry.dropRate)}</td>
                  <td>{entry.ofFirst === undefined ? "" : format.percent(entry.ofFirst)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      }
    />
  );
}
