import { RawJson } from "./values";

/** A field as sent: a name (duplicates allowed) and any value. */
export type Pair = [string, unknown];

export const ENCODINGS = ["json", "urlencoded", "multipart", "query"] as const;
export type Encoding = (typeof ENCODINGS)[number];

function jsonValue(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (value === undefined) return "null";
  return JSON.stringify(value);
}

/** A JSON object text; duplicate names are written as they are (JSON.parse keeps the last). */
export function jsonText(pairs: readonly Pair[]): string {
  return `{${pairs.map(([key, value]) => `${JSON.stringify(key)}:${jsonValue(value)}`).join(",")}}`;
}

function formText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (typeof value === "object" && value !== null) return JSON.stringify(value);
  return String(value);
}

/** Form pairs: an array becomes `key[]` items, as PHP clients send it. */
function formPairs(pairs: readonly Pair[]): [string, string][] {
  const out: [string, string][] = [];
  for (const [key, value] of pairs) {
    if (Array.isArray(value) && !key.endsWith("]")) {
      for (const item of value as unknown[]) out.push([`${key}[]`, formText(item)]);
    } else {
      out.push([key, formText(value)]);
    }
  }
  return out;
}

/** Percent-encodes the UTF-8 of a text; a lone surrogate becomes EF BF BD, as fetch writes it. */
export function percentEncode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return encodeURIComponent(Buffer.from(text, "utf8").toString("utf8"));
  }
}

export function urlencodedText(pairs: readonly Pair[]): string {
  return formPairs(pairs)
    .map(([key, value]) => `${percentEncode(key)}=${percentEncode(value)}`)
    .join("&");
}

/** multipart/form-data as browsers write it (`"` and line breaks in names escaped). */
export function multipartBody(pairs: readonly Pair[], boundary: string): Buffer {
  let text = "";
  for (const [key, value] of formPairs(pairs)) {
    const name = key.replace(/"/g, "%22").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
    text += `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  }
  return Buffer.from(`${text}--${boundary}--\r\n`, "utf8");
}
