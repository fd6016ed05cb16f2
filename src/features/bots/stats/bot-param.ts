/** `?bot=<id>`: the bot whose steps are shown. No zod here: the route's loader (entry) reads it. */
export const BOT_PARAM = "bot";

/** The bot id of the URL, or undefined for none or a bad value (the page then shows the first). */
export function readBotParam(search: URLSearchParams): number | undefined {
  const text = search.get(BOT_PARAM) ?? "";
  if (!/^[1-9]\d{0,15}$/.test(text)) return undefined;
  const id = Number(text);
  return Number.isSafeInteger(id) ? id : undefined;
}
