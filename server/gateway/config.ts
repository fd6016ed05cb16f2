import { readFileSync } from "node:fs";
import * as z from "zod";
import { isValidTimeZone } from "../../src/contract/datetime";

/**
 * The gateway's settings: the environment (checked at start) and the channels file. A bad
 * setting stops the start with one line that names it: a `ConfigError`, never a stack trace.
 */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

const port = z.coerce.number().int().min(0).max(65_535);
const positiveInt = z.coerce.number().int().positive();

export const gatewayEnv = z.object({
  HOST: z.string().min(1).default("127.0.0.1"),
  PORT: port.default(8080),
  /** Staff accounts and sessions. */
  GATEWAY_DB: z.string().min(1).default("./data/gateway.sqlite"),
  /** Path of the channels file; unset → the two local demo channels. */
  CHANNELS_CONFIG: z.string().min(1).optional(),
  /** Password of the `admin` account created on the first start (else a random one). */
  ADMIN_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
  /** Idle minutes after which a session ends. */
  SESSION_IDLE_MINUTES: positiveInt.default(12 * 60),
  /** Hours after sign-in at which a session ends however busy it is. */
  SESSION_MAX_HOURS: positiveInt.default(7 * 24),
  /** `https` when the gateway is reached over TLS (also behind a proxy): Secure, __Host- cookie. */
  PUBLIC_SCHEME: z.enum(["http", "https"]).default("http"),
  /** The embedded local Channel API's database and demo size. */
  CHANNEL_API_DB: z.string().min(1).default("./data/channel-api.sqlite"),
  CHANNEL_API_DEMO_SUBSCRIBERS: z.coerce.number().int().min(0).default(5000),
  /** Requests per second per token sent to any backend. */
  GATEWAY_RATE_LIMIT: positiveInt.default(20),
  /** Share of each token's calls per second the directory's sync may use (0 < share ≤ 1). */
  DIRECTORY_SYNC_SHARE: z.coerce
    .number()
    .gt(0, "must be more than 0")
    .max(1, "must be at most 1")
    .default(0.5),
  /** Hours between full passes of the directory over each channel. */
  DIRECTORY_FULL_SYNC_HOURS: z.coerce.number().positive().default(24),
  /** Minutes between looks for new people in between. */
  DIRECTORY_INCREMENTAL_MINUTES: z.coerce.number().positive().default(5),
  /**
   * Addresses or CIDR ranges of the reverse proxies in front, comma-separated (also `loopback`,
   * `uniquelocal`): their X-Forwarded-For names the client, whose address the sign-in brake
   * keys on. Unset: the connecting address is the client's.
   */
  TRUST_PROXY: z
    .string()
    .regex(/^[\w.:/]+(,[\w.:/]+)*$/, "must be addresses or CIDR ranges separated by commas")
    .transform((text) => text.split(","))
    .optional(),
});
export type GatewayEnv = z.infer<typeof gatewayEnv>;

const localChannel = z.strictObject({
  kind: z.literal("local"),
  group_id: positiveInt,
  /** Shown instead of the channel's own name. */
  name: z.string().min(1).optional(),
});

const upstreamChannel = z.strictObject({
  kind: z.literal("upstream"),
  group_id: positiveInt,
  base_url: z.url({ protocol: /^https?$/, error: "must be an http(s) URL" }),
  time_zone: z.string().refine(isValidTimeZone, "must be an IANA time zone such as Europe/Moscow"),
  /** Name of the environment variable holding the channel's access token. */
  token_env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name"),
  name: z.string().min(1).optional(),
  /**
   * Name of the environment variable holding the secret of this channel's WebHook
   * (`/hooks/<group_id>/<secret>`); unset: the channel takes no hooks.
   */
  hook_secret_env: z
    .string()
    .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, "must be an environment variable name")
    .optional(),
});

export const channelsFile = z.strictObject({
  channels: z
    .array(z.discriminatedUnion("kind", [localChannel, upstreamChannel]))
    .min(1, "must list at least one channel")
    .refine(
      (channels) => new Set(channels.map((channel) => channel.group_id)).size === channels.length,
      "lists a group_id twice",
    ),
});
export type ChannelsFile = z.infer<typeof channelsFile>;
export type ChannelConfig = ChannelsFile["channels"][number];
export type UpstreamChannelConfig = z.infer<typeof upstreamChannel>;

/** The two channels of the embedded demo data. */
export const DEMO_CHANNELS: ChannelsFile = {
  channels: [
    { kind: "local", group_id: 1001 },
    { kind: "local", group_id: 1002 },
  ],
};

function firstIssueText(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return "is invalid";
  const path = issue.path.map(String).join(".");
  return path === "" ? issue.message : `${path}: ${issue.message}`;
}

export function readGatewayEnv(env: NodeJS.ProcessEnv): GatewayEnv {
  const parsed = gatewayEnv.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(`environment variable ${firstIssueText(parsed.error)}`);
  }
  return parsed.data;
}

/** Reads and checks the channels file, and that each upstream token variable is set. */
export function readChannelsFile(path: string | undefined, env: NodeJS.ProcessEnv): ChannelsFile {
  if (path === undefined) return DEMO_CHANNELS;
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    const reason =
      (error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : "unreadable";
    throw new ConfigError(`channels file ${path}: ${reason} (set by CHANNELS_CONFIG)`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new ConfigError(`channels file ${path}: not valid JSON (${(error as Error).message})`);
  }
  const parsed = channelsFile.safeParse(json);
  if (!parsed.success) {
    throw new ConfigError(`channels file ${path}: ${firstIssueText(parsed.error)}`);
  }
  parsed.data.channels.forEach((channel, index) => {
    if (channel.kind === "upstream" && !env[channel.token_env]) {
      throw new ConfigError(
        `channels file ${path}: channels.${String(index)}.token_env: the environment variable ` +
          `${channel.token_env} is not set (it must hold the access token of group ${String(channel.group_id)})`,
      );
    }
    if (channel.kind === "upstream" && channel.hook_secret_env !== undefined) {
      const secret = env[channel.hook_secret_env] ?? "";
      if (!/^[A-Za-z0-9_-]{16,200}$/.test(secret)) {
        throw new ConfigError(
          `channels file ${path}: channels.${String(index)}.hook_secret_env: the environment ` +
            `variable ${channel.hook_secret_env} must hold 16 to 200 letters, digits, - or _ ` +
            `(the secret of the WebHook of group ${String(channel.group_id)})`,
        );
      }
    }
  });
  return parsed.data;
}
