import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import ArrowLeftIcon from "lucide/dist/esm/icons/arrow-left.mjs";
import { Link, useLocation, useParams } from "react-router";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { useDocumentTitle } from "@/components/use-document-title";
import { Later } from "@/components/later";
import { channelPath } from "@/lib/channel-path";
import { parseRecordId, recordLookup } from "@/lib/record-id";
import { personName, userIdField } from "@/lib/subscriber-format";
import { subscriptionsQuery, utmsQuery } from "@/api/lookup-queries";
import { userIdLabel } from "../words/user-id-label";
import { PanelSkeleton } from "./panel-skeleton";
import { SubscriberDetails } from "./subscriber-details";
import { SubscriptionsSection } from "./subscriptions-section";
import { UtmsSection } from "./utms-section";
import { VariablesSection } from "./variables-section";
import "./panel.css";
import { Icon } from "@/components/icon";

/** `/c/:groupId/subscribers/:recordId`: one subscriber, everything the record says. */
export function SubscriberPage() {
  const channel = useCurrentChannel();
  const { recordId: raw = "" } = useParams();
  const recordId = parseRecordId(raw);
  // Opened from the list, the list's own page (its size and cursors) comes along, so Back to
  // subscribers returns to page 7 rather than to the first.
  const listSearch = listSearchOf(useLocation().state);
  return (
    <div className="panel">
      <Link className="panel-back" to={channelPath(channel.group_id, "subscribers") + listSearch}>
        <Icon icon={ArrowLeftIcon} size={16} />
        <Trans>Back to subscribers</Trans>
      </Link>
      {recordId === undefined ? (
        <MalformedRecordId recordId={raw} />
      ) : (
        // Keyed, so nothing of one person stays on screen while another's record loads.
        <SubscriberPanel key={recordId} recordId={recordId} />
      )}
    </div>
  );
}

function SubscriberPanel({ recordId }: { recordId: number }) {
  const { t, i18n } = useLingui();
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  const { call } = useApi();
  const groupId = channel.group_id;
  const query = useQuery(apiQuery(groupId, "subscribers/get", recordLookup(recordId), call));
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const utms = useQuery(utmsQuery(groupId, call));
  // The cursor gives the next record when this one does not exist: only an exact id is it.
  const subscriber = query.data?.items.find((item) => item.id === String(recordId));
  useDocumentTitle(
    subscriber
      ? personName(subscriber, i18n)
      : query.isSuccess
        ? t`Subscriber not found`
        : t`Subscriber`,
  );

  if (query.isPending) return <PanelSkeleton />;
  if (query.isError) {
    return (
      <>
        <h1>
          <Trans>Subscriber</Trans>
        </h1>
        <ErrorState
          title={t`Could not load the subscriber.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  if (!subscriber) return <NoSuchSubscriber recordId={String(recordId)} />;

  const field = userIdField(channel.type_name);
  const subscriptionNames = new Map(
    (subscriptions.data ?? []).map((item) => [item.subscription_id, item.name]),
  );
  const utmNames = new Map((utms.data ?? []).map((item) => [item.utm_id, item.name]));
  return (
    <>
      <SubscriberDetails
        subscriber={subscriber}
        groupId={groupId}
        timeZone={channel.time_zone}
        userIdField={field}
        userIdLabel={userIdLabel(field, i18n)}
        role={role}
      />
      {/* A first load draws these each in a task of its own, in order (Later). */}
      <Later>
        {subscriptions.isError && (
          <ErrorState
            title={t`Could not load the names of the subscriptions.`}
            error={subscriptions.error}
            retrying={subscriptions.isFetching}
            onRetry={() => void subscriptions.refetch()}
          />
        )}
        <SubscriptionsSection
          subscriptions={subscriber.subscriptions}
          names={subscriptionNames}
          timeZone={channel.time_zone}
        />
        <Later>
          {utms.isError && (
            <ErrorState
              title={t`Could not load the names of the UTM tags.`}
              error={utms.error}
              retrying={utms.isFetching}
              onRetry={() => void utms.refetch()}
            />
          )}
          <UtmsSection utms={subscriber.utms} names={utmNames} />
          <VariablesSection variables={subscriber.vars} />
        </Later>
      </Later>
    </>
  );
}

/** An id no record can have ("abc", "0"): said at once, without asking the API. */
function MalformedRecordId({ recordId }: { recordId: string }) {
  const { t } = useLingui();
  useDocumentTitle(t`Subscriber not found`);
  return <NoSuchSubscriber recordId={recordId} />;
}

function NoSuchSubscriber({ recordId }: { recordId: string }) {
  return (
    <>
      <h1>
        <Trans>Subscriber not found</Trans>
      </h1>
      <p className="notice notice-error">
        <Trans>No subscriber with record id {recordId}.</Trans>
      </p>
    </>
  );
}

/** The list's query string from the link's state: only a query string, never a path. */
function listSearchOf(state: unknown): string {
  if (typeof state !== "object" || state === null || !("listSearch" in state)) return "";
  const search = state.listSearch;
  return typeof search === "string" && search.startsWith("?") ? search : "";
}
