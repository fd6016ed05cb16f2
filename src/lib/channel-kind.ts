/** A channel's kind from the service's `type_id`: "1" is VK, "2" is Telegram. */
export function channelKindLabel(typeId: string): string {
  if (typeId === "1") return "VK";
  if (typeId === "2") return "Telegram";
  return `Unknown (type ${typeId})`;
}
