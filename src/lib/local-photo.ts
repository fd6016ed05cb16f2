/**
 * Photos of the local Channel API's demo people and channels, drawn by that API itself (no
 * request leaves the machine): `/local-photos/<group_id>.svg` for a channel and
 * `/local-photos/<group_id>/<user_id>-<style>.svg` for a person. The path is same-origin: the
 * gateway answers it, for a signed-in person who may see the channel.
 */
export const LOCAL_PHOTO_PREFIX = "/local-photos/";

/** How many looks a person's picture may take (colour × pattern). */
export const LOCAL_PHOTO_STYLES = 70;

export type LocalPhoto =
  | { kind: "channel"; groupId: number }
  | { kind: "person"; groupId: number; userId: number; style: number };

const CHANNEL = /^\/local-photos\/([1-9]\d{0,15})\.svg$/;
const PERSON = /^\/local-photos\/([1-9]\d{0,15})\/([1-9]\d{0,15})-(\d{1,2})\.svg$/;

export const channelPhotoPath = (groupId: number) => `${LOCAL_PHOTO_PREFIX}${String(groupId)}.svg`;

export const personPhotoPath = (groupId: number, userId: number, style: number) =>
  `${LOCAL_PHOTO_PREFIX}${String(groupId)}/${String(userId)}-${String(style)}.svg`;

/** What a local photo path names, or undefined for anything else (query strings included). */
export function parseLocalPhotoPath(path: string): LocalPhoto | undefined {
  const channel = CHANNEL.exec(path);
  if (channel) return { kind: "channel", groupId: Number(channel[1]) };
  const person = PERSON.exec(path);
  if (!person) return undefined;
  const style = Number(person[3]);
  if (style >= LOCAL_PHOTO_STYLES) return undefined;
  return { kind: "person", groupId: Number(person[1]), userId: Number(person[2]), style };
}
