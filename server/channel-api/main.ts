import { parseArgs } from "node:util";
import { buildChannelApi } from "./app";
import { readChannelApiEnv } from "./config";
import { generateDemo } from "./demo/generate";
import {
  attachHookSender,
  listHooks,
  parseHookSpec,
  parseHookSpecs,
  registerHook,
  removeHook,
  resumeHook,
} from "./hooks";
import { openDatabase } from "./store/database";

/**
 * `npm run api`: the local Channel API alone, on its demo data. The database is created and
 * filled on the first start and kept (in ./data by default) across restarts.
 *
 *   npm run api -- [--hook "GROUP_ID METHOD URL [SECRET]"]… [--remove-hook ID]… [--resume-hook ID]…
 *
 * Hooks (also from CHANNEL_API_HOOKS) are kept in the database; METHOD is get, json or form.
 */
const { values: args } = parseArgs({
  options: {
    hook: { type: "string", multiple: true, default: [] },
    "remove-hook": { type: "string", multiple: true, default: [] },
    "resume-hook": { type: "string", multiple: true, default: [] },
  },
});
const env = readChannelApiEnv(process.env);
const db = openDatabase(env.CHANNEL_API_DB);
const empty = (db.prepare("SELECT count(*) AS n FROM channels").get() as { n: number }).n === 0;
if (empty) {
  console.log(
    `[channel-api] creating demo data: ${String(env.CHANNEL_API_DEMO_SUBSCRIBERS)} subscribers…`,
  );
  generateDemo(db, {
    subscribers: env.CHANNEL_API_DEMO_SUBSCRIBERS,
    tokens: { tg: env.CHANNEL_API_DEMO_TG_TOKEN, vk: env.CHANNEL_API_DEMO_VK_TOKEN },
  });
}

for (const id of args["remove-hook"]) {
  console.log(`[channel-api] hook ${id}: ${removeHook(db, Number(id)) ? "removed" : "not found"}`);
}
for (const id of args["resume-hook"]) {
  console.log(`[channel-api] hook ${id}: ${resumeHook(db, Number(id)) ? "resumed" : "not found"}`);
}
try {
  for (const hook of [...parseHookSpecs(env.CHANNEL_API_HOOKS), ...args.hook.map(parseHookSpec)]) {
    registerHook(db, hook);
  }
} catch (error) {
  console.error(`[channel-api] hook: ${error instanceof Error ? error.message : String(error)}`);
  db.close();
  process.exit(2);
}
// Sends what was queued before a restart, and every event from now on.
attachHookSender(db);

const app = buildChannelApi({ db, rateLimit: env.CHANNEL_API_RATE_LIMIT });
const address = await app.listen({ host: env.CHANNEL_API_HOST, port: env.CHANNEL_API_PORT });

const channels = db
  .prepare(
    `SELECT c.id, c.kind, c.name, c.time_zone, t.token FROM channels c
       JOIN tokens t ON t.channel_id = c.id ORDER BY c.id`,
  )
  .all() as { id: number; kind: string; name: string; time_zone: string; token: string }[];
console.log(
  `[channel-api] listening on ${address} ` +
    `(database ${env.CHANNEL_API_DB}, rate limit ${
      env.CHANNEL_API_RATE_LIMIT === 0 ? "off" : `${String(env.CHANNEL_API_RATE_LIMIT)}/s per token`
    })`,
);
for (const channel of channels) {
  console.log(
    `[channel-api]   group_id ${String(channel.id)} (${channel.kind}, ${channel.time_zone}) ` +
      `"${channel.name}": access_token ${channel.token}`,
  );
}

for (const hook of listHooks(db)) {
  console.log(
    `[channel-api]   hook ${String(hook.id)} of group_id ${String(hook.channel_id)}: ${hook.method} ` +
      `${hook.url} (${hook.state}, ${String(hook.delivered)} delivered, ${String(hook.errors)} errors)`,
  );
}

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    void app.close().then(() => {
      db.close();
      process.exit(0);
    });
  });
}
