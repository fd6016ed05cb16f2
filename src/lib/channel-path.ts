const CHANNEL_PATH = /^\/c\/[^/]+(\/.*)?$/;

/** The address of a page of a channel: `/c/1001` is the channel page, `/c/1001/x` a sub-page. */
export function channelPath(groupId: number, segment = ""): string {
  const base = `/c/${String(groupId)}`;
  return segment ? `${base}/${segment}` : base;
}

/** The `:groupId` of the URL as a channel id, or `undefined` when it cannot be one. */
export function parseGroupId(value: string | undefined): number | undefined {
  if (value === undefined || !/^[1-9]\d{0,15}$/.test(value)) return undefined;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : undefined;
}

/**
 * The same page for another channel: `/c/1001/subscribers` → `/c/1002/subscribers`. Search
 * parameters are left behind (a cursor or a filter of one channel means nothing in another);
 * from outside a channel, the other channel's own page.
 */
export function switchChannelPath(pathname: string, groupId: number): string {
  const match = CHANNEL_PATH.exec(pathname);
  // One person's record (`/subscribers/123`) is nobody in another channel: its list instead.
  const rest = (match?.[1] ?? "").replace(/^(\/subscribers)\/\d+\/?$/, "$1");
  return channelPath(groupId) + rest;
}
