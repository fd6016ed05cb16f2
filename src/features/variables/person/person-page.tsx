import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import { useApi } from "@/api/api-context";
import { isApiError } from "@/api/api-error";
import { directoryPersonOptions } from "@/api/directory/directory-queries";
import { subscriptionsQuery, utmsQuery, namesById } from "@/api/lookup-queries";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { ErrorState } from "@/components/error-state";
import { loadPersonSearch } from "@/components/person-search/header-person-search";
import { useDocumentTitle } from "@/components/use-document-title";
import { parseApiDateTime } from "@/contract/datetime";
import { mayCall } from "@/contract/roles";
import { useFormat } from "@/i18n/use-format";
import { channelPath, parseGroupId } from "@/lib/channel-path";
import { personName, userIdField } from "@/lib/subscriber-format";
import { PersonVariables } from "../person-variables";
import type { PersonActivity } from "./person-activity-queries";
import { PersonIdentity } from "./person-identity";
import { PersonSubscriptions, PersonUtms } from "./person-subscriptions";
import "../variables.css";
import "./person.css";

// Not on the person page's first screen: the search of a person not found (the header's
// search fetches the same code when idle), and the sections under the variables.
const PersonSearch = lazy(() => loadPersonSearch().then((Search) => ({ default: Search })));
const PersonLater = lazy(() =>
  import("./person-later").then((module) => ({ default: module.PersonLater })),
);

const DAY_MS = 86_400_000;

/** The person's first data, for a route loader to prefetch: the directory's reading of them. */
export { directoryPersonOptions as personPageQuery } from "@/api/directory/directory-queries";

/**
 * `/c/:groupId/people/:userId[?read=1]`: everything about one person in one place, the support
 * staff's landing page. `read=1` asks the service for a person the directory lacks.
 */
export function PersonPage() {
  const { t, i18n } = useLingui();
  const channel = useCurrentChannel();
  const { role } = useSignedInSession();
  const { directory, call } = useApi();
  const f = useFormat();
  const [now] = useState(Date.now);
  const { userId: raw } = useParams();
  const [search] = useSearchParams();
  const read = search.get("read") === "1";
  // User ids have the shape of channel ids: positive whole numbers.
  const userId = parseGroupId(raw) ?? 0;
  const groupId = channel.group_id;
  const field = userIdField(channel.type_name) ?? "tg_user_id";

  const query = useQuery({
    ...directoryPersonOptions(groupId, Math.max(userId, 1), directory, read),
    enabled: userId > 0,
  });
  const subscriptions = useQuery(subscriptionsQuery(groupId, call));
  const utms = useQuery(utmsQuery(groupId, call));
  const person = query.data?.person;
  const unknown =
    userId === 0 ||
    (query.isError && isApiError(query.error) && query.error.reason === "directory-person-unknown");
  useDocumentTitle(person ? personName(person, i18n) : unknown ? t`No such person` : t`Person`);

  if (unknown) {
    const shown = raw ?? "";
    return (
      <div className="person-page">
        <h1>
          <Trans>No such person</Trans>
        </h1>
        <p>
          {read ? (
            <Trans>
              Neither the directory nor the service knows user id {shown} in this channel.
            </Trans>
          ) : (
            <Trans>The directory of this channel has no one with user id {shown}.</Trans>
          )}
        </p>
        {!read && userId > 0 && (
          <p>
            <Link to={`${channelPath(groupId, `people/${String(userId)}`)}?read=1`}>
              <Trans>Ask the service for this user id</Trans>
            </Link>
          </p>
        )}
        <div className="card person-not-found-search">
          <p>
            <Trans>Find the person by name, user id or profile link:</Trans>
          </p>
          <ChunkBoundary what={t`The search could not be loaded.`}>
            <Suspense fallback={null}>
              <PersonSearch channel={channel} placement="page" />
            </Suspense>
          </ChunkBoundary>
        </div>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="person-page">
        <h1>
          <Trans>Person</Trans>
        </h1>
        <ErrorState
          title={t`Could not load this person.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </div>
    );
  }
  if (!person) {
    return (
      <div className="person-page">
        <h1>
          <Trans>Person</Trans>
        </h1>
        <p role="status" className="muted">
          <Trans>Loading the person…</Trans>
        </p>
      </div>
    );
  }

  const zone = channel.time_zone;
  const zoneLabel = f.zone(zone, now).label;
  const first = parseApiDateTime(person.date, zone);
  const activity: PersonActivity = {
    groupId,
    field,
    userId: person.user_id,
    timeZone: zone,
    from: (first ?? now - 365 * DAY_MS) - DAY_MS,
    to: now,
  };
  const subscriptionNames = namesById(
    subscriptions.data,
    (item) => item.subscription_id,
    (item) => item.name,
  );
  const utmNames = namesById(
    utms.data,
    (item) => item.utm_id,
    (item) => item.name,
  );
  const forPerson = `?user=${String(person.user_id)}&record=${person.record_id}`;

  return (
    <div className="person-page">
      <PersonIdentity
        person={person}
        channel={channel}
        actions={
          <ul className="person-actions">
            {mayCall(role, "bots/addSubscriber") && (
              <li>
                <Link className="button" to={`${channelPath(groupId, "bots")}${forPerson}`}>
                  <Trans context="link to the bots page">Start or stop a bot</Trans>
                </Link>
              </li>
            )}
            <li>
              <Link className="button" to={`${channelPath(groupId, "variables")}${forPerson}`}>
                <Trans>Variables page</Trans>
              </Link>
            </li>
          </ul>
        }
      />
      <div className="person-grid">
        <PersonSubscriptions
          person={person}
          names={subscriptionNames}
          timeZone={zone}
          zoneLabel={zoneLabel}
        />
        <PersonUtms person={person} names={utmNames} />
      </div>
      <div className="person-variables">
        <PersonVariables
          key={person.user_id}
          person={{ groupId, field, userId: person.user_id }}
          record={0}
          role={role}
          channelName={channel.name}
          summary={false}
        />
      </div>
      <ChunkBoundary what={t`The history and messages could not be loaded.`}>
        <Suspense fallback={<div className="person-later-placeholder" aria-hidden="true" />}>
          <PersonLater
            person={person}
            activity={activity}
            names={subscriptionNames}
            zoneLabel={zoneLabel}
            fromApi={mayCall(role, "subscribers/statSubscribe")}
            messagesAllowed={mayCall(role, "deliveries/stat")}
          />
        </Suspense>
      </ChunkBoundary>
    </div>
  );
}
