import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { useApi } from "@/api/api-context";
import { botsQuery } from "@/api/lookup-queries";
import { useCurrentChannel } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { useDocumentTitle } from "@/components/use-document-title";
import { parseApiDateTime } from "@/contract/datetime";
import { useFormat } from "@/i18n/use-format";
import { BOT_PARAM, readBotParam } from "./bot-param";
import { BotStepFunnel } from "./bot-step-funnel";
import "@/components/data-table.css";
import "./bot-stats.css";

/**
 * Where people drop off in each bot (admin and marketing): the bots of bots/get, whether each
 * is active and published, and the chosen bot's steps as a funnel (bots/getSteps `lead_inc`).
 */
export function BotStatsPage() {
  const { t } = useLingui();
  const format = useFormat();
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  useDocumentTitle(t`Bot statistics`);
  const { call } = useApi();
  const [params, setParams] = useSearchParams();
  const bots = useQuery(botsQuery(groupId, call));
  const asked = readBotParam(params);
  const list = bots.data ?? [];
  const chosen = list.find((bot) => bot.bot_id === asked) ?? list[0];
  const yes = t`Yes`;
  const no = t`No`;
  // The zone's name as of opening the page (summer and winter names differ).
  const [openedAt] = useState(() => Date.now());
  const zone = format.zone(channel.time_zone, openedAt).label;

  const choose = (botId: number) => {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        copy.set(BOT_PARAM, String(botId));
        return copy;
      },
      { replace: false, preventScrollReset: true },
    );
  };

  return (
    <>
      <h1>
        <Trans>Bot statistics</Trans>
      </h1>
      <p className="muted bot-stats-intro">
        <Trans>
          How many times each step of a bot ran, and how many runs were lost on the way from one
          step to the next.
        </Trans>
      </p>
      {bots.isError ? (
        <ErrorState
          title={t`Could not load the bots.`}
          error={bots.error}
          onRetry={() => void bots.refetch()}
        />
      ) : bots.isPending ? (
        <p role="status">
          <Trans>Loading…</Trans>
        </p>
      ) : list.length === 0 ? (
        <p className="muted">
          <Trans>This channel has no bots.</Trans>
        </p>
      ) : (
        <>
          <section aria-labelledby="bot-stats-bots">
            <h2 id="bot-stats-bots">
              <Trans>Bots</Trans>
            </h2>
            <div className="data-table-scroll" tabIndex={0} role="group" aria-label={t`Bots`}>
              <table className="data-table">
                <thead>
                  <tr>
                    <th scope="col">
                      <Trans>Bot</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Active</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Published</Trans>
                    </th>
                    <th scope="col">
                      <Trans>Created ({zone})</Trans>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((bot) => {
                    const open = bot.bot_id === chosen?.bot_id;
                    const at = parseApiDateTime(bot.date, channel.time_zone);
                    return (
                      <tr key={bot.bot_id} className={open ? "bot-stats-open" : undefined}>
                        <th scope="row">
                          <button
                            type="button"
                            className="bot-stats-name"
                            aria-pressed={open}
                            onClick={() => {
                              choose(bot.bot_id);
                            }}
                          >
                            {bot.title}
                          </button>
                        </th>
                        <td>{bot.active === 1 ? yes : no}</td>
                        <td>{bot.published === 1 ? yes : no}</td>
                        <td>{at === null ? bot.date : format.dateTime(at, channel.time_zone)}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
          </section>
          {chosen && (
            <div className="bot-stats-funnel">
              <BotStepFunnel
                key={chosen.bot_id}
                groupId={groupId}
                botId={chosen.bot_id}
                botTitle={chosen.title}
              />
            </div>
          )}
        </>
      )}
    </>
  );
}
