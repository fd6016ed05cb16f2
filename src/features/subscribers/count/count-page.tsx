import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { useCurrentChannel } from "@/components/current-channel";
import { useDocumentTitle } from "@/components/use-document-title";
import { useSearchState } from "@/components/use-search-state";
import { Later } from "@/components/later";
import { botsQuery, subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import { CountFilters } from "./count-filters";
import { CountResult } from "./count-result";
import { countRequest, countSearch } from "./count-search";
import { describeFilters } from "./describe-filters";
import "./count.css";

/** subscribers/subscribersCount with its four filters, all kept in the URL. */
export function CountPage() {
  const { t, i18n } = useLingui();
  const channel = useCurrentChannel();
  const groupId = channel.group_id;
  useDocumentTitle(t`Count subscribers`);
  const { call } = useApi();
  const [search, setSearch] = useSearchState(countSearch);

  const count = useQuery({
    ...apiQuery(groupId, "subscribers/subscribersCount", countRequest(search), call),
    placeholderData: keepPreviousData,
  });
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const utms = useQuery(utmsQuery(groupId, call));
  const bots = useQuery(botsQuery(groupId, call));

  const sentence = describeFilters(
    search,
    {
      subscription: (id) => subscriptions.data?.find((item) => item.subscription_id === id)?.name,
      bot: (id) => bots.data?.find((item) => item.bot_id === id)?.title,
    },
    i18n,
  );

  return (
    <>
      <h1>
        <Trans>Count subscribers</Trans>
      </h1>
      <CountResult query={count} sentence={sentence} />
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        <section className="count-filters-section" aria-labelledby="count-filters-title">
          <div className="count-filters-head">
            <h2 id="count-filters-title">
              <Trans>Filters</Trans>
            </h2>
            {/* Always there: a button that vanished once used would drop the keyboard's focus. */}
            <button
              type="button"
              className="button"
              onClick={() => {
                setSearch({ sub: [], lead: "any", bot: 0, utm: [] });
              }}
            >
              <Trans>Clear filters</Trans>
            </button>
          </div>
          <CountFilters
            search={search}
            onChange={setSearch}
            subscriptions={subscriptions}
            utms={utms}
            bots={bots}
          />
        </section>
      </Later>
    </>
  );
}
