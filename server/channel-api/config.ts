import * as z from "zod";

const port = z.coerce.number().int().min(0).max(65_535);

/** The environment of `npm run api`, checked at start so a typo fails loudly, by name. */
export const channelApiEnv = z.object({
  CHANNEL_API_HOST: z.string().min(1).default("127.0.0.1"),
  CHANNEL_API_PORT: port.default(8787),
  CHANNEL_API_DB: z.string().min(1).default("./data/channel-api.sqlite"),
  CHANNEL_API_DEMO_SUBSCRIBERS: z.coerce.number().int().min(2).max(10_000_000).default(5000),
  CHANNEL_API_RATE_LIMIT: z.coerce.number().int().min(0).default(20),
  CHANNEL_API_DEMO_TG_TOKEN: z.string().min(8).default("demo-tg-token"),
  CHANNEL_API_DEMO_VK_TOKEN: z.string().min(8).default("demo-vk-token"),
  /** WebHooks to register at start: `GROUP_ID METHOD URL [SECRET]`, several separated by `;`. */
  CHANNEL_API_HOOKS: z.string().default(""),
});
export type ChannelApiEnv = z.infer<typeof channelApiEnv>;

export function readChannelApiEnv(env: NodeJS.ProcessEnv): ChannelApiEnv {
  const parsed = channelApiEnv.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issue.path.join(".")}: ${issue.message}`,
    );
    throw new Error(`Bad environment for the Channel API:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}
