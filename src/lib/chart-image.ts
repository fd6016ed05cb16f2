import type { I18n } from "@lingui/core";
import { formatPeriod } from "./format";
import { dayOf } from "./period";
import { withZone } from "./zone-words";

/**
 * A chart saved as a picture: the plot as drawn on the page, under a header that says what it
 * is — the title, the period and its zone, the legend — so that the file still says it when it
 * is pasted into a report, far from the page. Pure: the DOM side (src/components/chart-export)
 * hands in the plot already serialised with its styles inlined.
 */

/** The period a chart shows: its first and last instants (both inside it) and its zone. */
export interface ChartPeriod {
  from: number;
  /** The last instant inside the period (the last second of its last day). */
  to: number;
  timeZone: string;
  /** The zone as people say it: "MSK (UTC+3)". */
  zoneLabel: string;
}

export interface ChartImageInput {
  title: string;
  /** The period and its zone in words (`chartPeriodLine`). */
  periodLine: string;
  legend: readonly { label: string; color: string }[];
  /** The plot's own `<svg>`, serialised with its styles inlined, and its size in CSS pixels. */
  plot: { markup: string; width: number; height: number };
  palette: { background: string; text: string; muted: string };
  fontFamily: string;
}

export interface ChartImage {
  svg: string;
  width: number;
  height: number;
}

const PAD = 16;
const TITLE_SIZE = 18;
const TITLE_LINE = 24;
const LINE_SIZE = 13;
const LINE_HEIGHT = 18;
const LEGEND_LINE = 20;
const SWATCH = 12;
// About how wide a character of the font is, as a share of its size: text in an SVG does not
// wrap by itself, and the file cannot measure it (it is drawn later, by whatever opens it).
const CHAR_EM = 0.58;

/** "18–24 November 2026, MSK (UTC+3)": the product's period, then its zone. */
export function chartPeriodLine(period: ChartPeriod, i18n: I18n): string {
  return withZone(
    formatPeriod(period.from, period.to, period.timeZone, i18n.locale),
    period.zoneLabel,
    i18n,
  );
}

/**
 * "subscribed-and-unsubscribed_2026-10-26_2026-11-24.png": the chart's title as it reads in
 * the person's language (letters and digits of any script kept, the rest a dash), then the
 * period's days in its zone, sortable, then the kind of file.
 */
export function chartFileName(
  title: string,
  period: Pick<ChartPeriod, "from" | "to" | "timeZone">,
  extension: "csv" | "png" | "svg",
): string {
  const slug =
    title
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[^\p{L}\p{N}]+/gu, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, 60)
      .replace(/-+$/, "") || "chart";
  const first = dayOf(period.from, period.timeZone);
  const last = dayOf(period.to, period.timeZone);
  const days = first === last ? first : `${first}_${last}`;
  return `${slug}_${days}.${extension}`;
}

/** Text for XML: the five special characters escaped, control characters dropped. */
export function xmlText(text: string): string {
  return (
    text
      // eslint-disable-next-line no-control-regex -- XML 1.0 forbids these characters
      .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, "")
      .replace(/&/g, "&amp;")
      .replace(/</g, "&lt;")
      .replace(/>/g, "&gt;")
      .replace(/"/g, "&quot;")
      .replace(/'/g, "&apos;")
  );
}

/** Words into lines of at most `width` pixels, by the estimated width of a character. */
export function wrapText(text: string, width: number, fontSize: number): string[] {
  const perLine = Math.max(8, Math.floor(width / (fontSize * CHAR_EM)));
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line === "") line = word;
    else if (line.length + 1 + word.length <= perLine) line = `${line} ${word}`;
    else {
      lines.push(line);
      line = word;
    }
  }
  if (line !== "") lines.push(line);
  return lines;
}

/* eslint-disable lingui/no-unlocalized-strings -- SVG markup below; its words come in translated */

interface Placed {
  markup: string;
  bottom: number;
}

function textLines(
  lines: readonly string[],
  top: number,
  {
    size,
    lineHeight,
    fill,
    weight,
  }: { size: number; lineHeight: number; fill: string; weight: number },
): Placed {
  const markup = lines
    .map((line, i) => {
      const y = top + i * lineHeight + Math.round(size * 0.95);
      return `<text x="${String(PAD)}" y="${String(y)}" font-size="${String(size)}" font-weight="${String(weight)}" fill="${xmlText(fill)}">${xmlText(line)}</text>`;
    })
    .join("");
  return { markup, bottom: top + lines.length * lineHeight };
}

function legendItems(input: ChartImageInput, top: number, width: number): Placed {
  if (input.legend.length === 0) return { markup: "", bottom: top };
  let x = PAD;
  let y = top;
  const parts: string[] = [];
  for (const item of input.legend) {
    const itemWidth = SWATCH + 6 + Math.ceil(item.label.length * LINE_SIZE * CHAR_EM);
    if (x > PAD && x + itemWidth > width - PAD) {
      x = PAD;
      y += LEGEND_LINE;
    }
    const swatchY = y + (LEGEND_LINE - SWATCH) / 2;
    parts.push(
      `<rect x="${String(x)}" y="${String(swatchY)}" width="${String(SWATCH)}" height="${String(SWATCH)}" rx="2" fill="${xmlText(item.color)}"/>`,
      `<text x="${String(x + SWATCH + 6)}" y="${String(y + 14)}" font-size="${String(LINE_SIZE)}" fill="${xmlText(input.palette.text)}">${xmlText(item.label)}</text>`,
    );
    x += itemWidth + 16;
  }
  return { markup: parts.join(""), bottom: y + LEGEND_LINE };
}

/**
 * The whole picture as an SVG document: a background, the header (title, period with zone,
 * legend) and the plot below it, as wide as the plot was on the page plus a margin.
 */
export function chartSvgDocument(input: ChartImageInput): ChartImage {
  const width = Math.ceil(input.plot.width) + 2 * PAD;
  const textWidth = width - 2 * PAD;
  const title = textLines(wrapText(input.title, textWidth, TITLE_SIZE), PAD, {
    size: TITLE_SIZE,
    lineHeight: TITLE_LINE,
    fill: input.palette.text,
    weight: 600,
  });
  const period = textLines(wrapText(input.periodLine, textWidth, LINE_SIZE), title.bottom + 2, {
    size: LINE_SIZE,
    lineHeight: LINE_HEIGHT,
    fill: input.palette.muted,
    weight: 400,
  });
  const legend = legendItems(input, period.bottom + 8, width);
  const plotTop = legend.bottom + 8;
  const height = Math.ceil(plotTop + input.plot.height + PAD);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${String(width)}" height="${String(height)}" ` +
    `viewBox="0 0 ${String(width)} ${String(height)}" font-family="${xmlText(input.fontFamily)}">` +
    `<title>${xmlText(`${input.title} — ${input.periodLine}`)}</title>` +
    `<rect width="100%" height="100%" fill="${xmlText(input.palette.background)}"/>` +
    title.markup +
    period.markup +
    legend.markup +
    `<g transform="translate(${String(PAD)} ${String(plotTop)})">${input.plot.markup}</g>` +
    `</svg>`;
  return { svg, width, height };
}
