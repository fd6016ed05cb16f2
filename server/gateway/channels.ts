import { createHash } from "node:crypto";
import { API_VERSION } from "../../src/contract/common";
import { operations } from "../../src/contract/operations";
import type { SessionChannel } from "../../src/contract/session";
import type { Db as ChannelApiDb } from "../channel-api/store/database";
import type { Backend } from "./backends";
import { type ChannelConfig, ConfigError } from "./config";

/**
 * A channel the gateway serves: where its calls go and the token they carry. The token stays
 * in this object; what leaves the server is `SessionChannel` (name, kind, zone).
 */
export interface GatewayChannel {
  readonly groupId: number;
  readonly backend: Backend;
  /** Key of the channel's request queue: a digest, so a token never names anything. */
  readonly queueKey: string;
  /** The zone the channel's dates are read in (statistics periods, the shared cache). */
  readonly timeZone: string;
  /** The common fields every call carries, token included. */
  commonFields(): { access_token: string; v: number; group_id: number };
  /** Name, kind and time zone, from the config or asked of the backend once. */
  describe(): Promise<SessionChannel | undefined>;
}

const DESCRIBE_TIMEOUT_MS = 5_000;
const DESCRIBE_RETRY_MS = 30_000;

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => {
      reject(new Error(`no answer within ${String(ms)} ms`));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => {
    clearTimeout(timer);
  });
}

const tokenDigest = (token: string) =>
  createHash("sha256").update(token).digest("base64url").slice(0, 16);

function kindName(typeId: string): SessionChannel["type_name"] | undefined {
  if (typeId === "1") return "VK";
  if (typeId === "2") return "Telegram";
  return undefined;
}

interface LocalChannelRow {
  name: string;
  kind: "vk" | "tg";
  time_zone: string;
  token: string;
}

/** A channel of the embedded local Channel API: token and facts read from its database. */
export function localChannel(
  config: Extract<ChannelConfig, { kind: "local" }>,
  index: number,
  db: ChannelApiDb,
  backend: Backend,
): GatewayChannel {
  const row = db
    .prepare(
      `SELECT c.name, c.kind, c.time_zone, t.token FROM channels c
         JOIN tokens t ON t.channel_id = c.id WHERE c.id = ? ORDER BY t.token LIMIT 1`,
    )
    .get(config.group_id) as LocalChannelRow | undefined;
  if (!row) {
    throw new ConfigError(
      `channels.${String(index)}.group_id: the local Channel API has no channel ${String(config.group_id)}`,
    );
  }
  const described: SessionChannel = {
    group_id: config.group_id,
    name: config.name ?? row.name,
    type_name: row.kind === "vk" ? "VK" : "Telegram",
    time_zone: row.time_zone,
  };
  const token = row.token;
  return {
    groupId: config.group_id,
    backend,
    queueKey: `local:${tokenDigest(token)}`,
    timeZone: row.time_zone,
    commonFields: () => ({ access_token: token, v: API_VERSION, group_id: config.group_id }),
    describe: () => Promise.resolve(described),
  };
}

/**
 * A channel of the production service. Its name and kind come from `groups/get` the first time
 * someone needs them (through `ask`, so the call waits in the channel's queue like any other).
 * Sign-in waits for that answer, so it gets `DESCRIBE_TIMEOUT_MS` at most; after a failure the
 * channel is left out of sessions for `DESCRIBE_RETRY_MS` before it is asked again, so a
 * service that is down does not slow every sign-in.
 */
export function upstreamChannel(
  config: Extract<ChannelConfig, { kind: "upstream" }>,
  token: string,
  backend: Backend,
  ask: (channel: GatewayChannel) => Promise<unknown>,
): GatewayChannel {
  let known: SessionChannel | undefined;
  let pending: Promise<SessionChannel | undefined> | undefined;
  let failedAt = -Infinity;
  const channel: GatewayChannel = {
    groupId: config.group_id,
    backend,
    queueKey: `upstream:${tokenDigest(token)}`,
    timeZone: config.time_zone,
    commonFields: () => ({ access_token: token, v: API_VERSION, group_id: config.group_id }),
    describe() {
      if (known) return Promise.resolve(known);
      if (Date.now() - failedAt < DESCRIBE_RETRY_MS) return Promise.resolve(undefined);
      pending ??= withTimeout(ask(channel), DESCRIBE_TIMEOUT_MS)
        .then((body) => {
          const parsed = operations["groups/get"].response.safeParse(body);
          const typeName = parsed.success ? kindName(parsed.data.item.type_id) : undefined;
          if (!parsed.success || typeName === undefined) return undefined;
          known = {
            group_id: config.group_id,
            name: config.name ?? parsed.data.item.name,
            type_name: typeName,
            time_zone: config.time_zone,
          };
          return known;
        })
        .catch(() => undefined)
        .then((described) => {
          if (!described) failedAt = Date.now();
          return described;
        })
        .finally(() => {
          pending = undefined;
        });
      return pending;
    },
  };
  return channel;
}
