// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import {
  chartFileName,
  chartPeriodLine,
  chartSvgDocument,
  wrapText,
  xmlText,
  type ChartImageInput,
} from "../../src/lib/chart-image";
import { formatTimeZone } from "../../src/lib/format";
import { inlineStyles, type ReadStyle } from "../../src/lib/svg-styles";
import { plainSpaces, testI18n } from "../support/i18n";

const MSK = "Europe/Moscow";
// 26 October to 24 November 2026 in Moscow, both days whole.
const FROM = Date.UTC(2026, 9, 25, 21);
const TO = Date.UTC(2026, 10, 24, 20, 59, 59);
const period = (locale: "en" | "ru") => ({
  from: FROM,
  to: TO,
  timeZone: MSK,
  zoneLabel: formatTimeZone(MSK, TO, locale).label,
});

// Nothing here may read the clock or the machine's zone: both are pinned to other values.
beforeEach(() => {
  vi.useFakeTimers({ now: Date.UTC(2030, 0, 1), toFake: ["Date"] });
  vi.stubEnv("TZ", "Pacific/Kiritimati");
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

describe("a chart picture's words", () => {
  it("says the period in the product's words, then its zone", () => {
    expect(chartPeriodLine(period("ru"), testI18n("ru"))).toBe(
      "26 октября – 24 ноября 2026, МСК (UTC+3)",
    );
    expect(plainSpaces(chartPeriodLine(period("en"), testI18n("en")))).toBe(
      "26 October – 24 November 2026, MSK (UTC+3)",
    );
  });

  it("names the file by the title in the person's language and the period's days in its zone", () => {
    expect(chartFileName("Subscribed and unsubscribed", period("en"), "png")).toBe(
      "subscribed-and-unsubscribed_2026-10-26_2026-11-24.png",
    );
    expect(chartFileName("Подписки и отписки", period("ru"), "svg")).toBe(
      "подписки-и-отписки_2026-10-26_2026-11-24.svg",
    );
    // The same instants are other days in UTC; one day alone is written once.
    expect(chartFileName("A/B: «test»", { from: FROM, to: FROM, timeZone: "UTC" }, "csv")).toBe(
      "a-b-test_2026-10-25.csv",
    );
    expect(chartFileName("…", period("en"), "svg")).toBe("chart_2026-10-26_2026-11-24.svg");
  });

  it("escapes text for XML and drops what XML cannot hold", () => {
    expect(xmlText(`<Tom & "Jerry's">\u0007`)).toBe("&lt;Tom &amp; &quot;Jerry&apos;s&quot;&gt;");
  });

  it("wraps words into lines that fit the width, by an estimate of the characters", () => {
    const lines = wrapText("one two three four five six seven eight", 100, 13);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(" ")).toBe("one two three four five six seven eight");
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(13);
    expect(wrapText("  ", 100, 13)).toEqual([]);
  });
});

function input(overrides: Partial<ChartImageInput> = {}): ChartImageInput {
  return {
    title: "Subscribed & unsubscribed",
    periodLine: "26 October – 24 November 2026, MSK (UTC+3)",
    legend: [
      { label: "Subscribed", color: "rgb(0, 114, 178)" },
      { label: "Unsubscribed", color: "rgb(213, 94, 0)" },
    ],
    plot: {
      markup: '<svg width="600" height="240"><rect width="10" height="5"/></svg>',
      width: 600,
      height: 240,
    },
    palette: {
      background: "rgb(255, 255, 255)",
      text: "rgb(27, 31, 36)",
      muted: "rgb(87, 96, 106)",
    },
    fontFamily: 'system-ui, "Segoe UI", sans-serif',
    ...overrides,
  };
}

describe("the chart picture as an SVG document", () => {
  it("is well-formed SVG with the title, period, zone and legend written on it above the plot", () => {
    const image = chartSvgDocument(input());
    const doc = new DOMParser().parseFromString(image.svg, "image/svg+xml");
    expect(doc.querySelector("parsererror")).toBeNull();
    const root = doc.documentElement;
    expect(root.getAttribute("width")).toBe(String(image.width));
    expect(image.width).toBe(632);
    expect(image.height).toBeGreaterThan(240 + 24 + 18 + 20);
    const texts = Array.from(root.querySelectorAll(":scope > text")).map((t) => t.textContent);
    expect(texts).toEqual([
      "Subscribed & unsubscribed",
      "26 October – 24 November 2026, MSK (UTC+3)",
      "Subscribed",
      "Unsubscribed",
    ]);
    expect(root.querySelector("title")?.textContent).toBe(
      "Subscribed & unsubscribed — 26 October – 24 November 2026, MSK (UTC+3)",
    );
    // A background of its own (the page's surface is not in the file), the legend's colours.
    expect(root.querySelector(":scope > rect")?.getAttribute("fill")).toBe("rgb(255, 255, 255)");
    expect(
      Array.from(root.querySelectorAll(":scope > rect[rx]")).map((r) => r.getAttribute("fill")),
    ).toEqual(["rgb(0, 114, 178)", "rgb(213, 94, 0)"]);
    expect(root.getAttribute("font-family")).toBe('system-ui, "Segoe UI", sans-serif');
    // The plot sits below the header.
    const plot = root.querySelector(":scope > g");
    const top = Number(/translate\(16 (\d+)\)/.exec(plot?.getAttribute("transform") ?? "")?.[1]);
    expect(top).toBeGreaterThan(60);
    expect(image.height).toBe(top + 240 + 16);
    expect(plot?.querySelector("svg rect")).not.toBeNull();
  });

  it("wraps a long title and the legend on a phone's width instead of cutting them", () => {
    const narrow = chartSvgDocument(
      input({
        title: "Subscriptions in the last 30 days, by day, of the channel",
        plot: { markup: "<svg/>", width: 200, height: 200 },
        legend: [
          { label: "Subscribed", color: "red" },
          { label: "Unsubscribed", color: "blue" },
          { label: "Net", color: "black" },
        ],
      }),
    );
    const doc = new DOMParser().parseFromString(narrow.svg, "image/svg+xml");
    const titles = Array.from(doc.querySelectorAll(':scope > text[font-size="18"]'));
    expect(titles.length).toBeGreaterThan(1);
    const legendRows = new Set(
      Array.from(doc.querySelectorAll(":scope > rect[rx]")).map((r) => r.getAttribute("y")),
    );
    expect(legendRows.size).toBeGreaterThan(1);
  });
});

describe("inlining the page's styles into the copy of a plot", () => {
  it("writes computed colours and fonts, drops var() and page-only attributes, skips hidden parts", () => {
    document.body.innerHTML =
      '<svg class="recharts-surface" width="100" height="50" tabindex="0" role="application" style="width: 100%">' +
      '<g class="grid"><line stroke="var(--chart-grid)" x1="0" x2="100"/></g>' +
      '<text fill="var(--chart-axis)" font-size="12">12 Nov</text>' +
      '<g class="tooltip-cursor"><rect fill="var(--chart-cursor)"/></g>' +
      "</svg>";
    const svg = document.querySelector("svg");
    if (!svg) throw new Error("no svg");
    const computed: Record<string, Record<string, string>> = {
      line: { stroke: "rgb(208, 215, 222)", "stroke-width": "1px" },
      text: { fill: "rgb(87, 96, 106)", "font-family": "system-ui", "font-size": "12px" },
      rect: { display: "none" },
      g: { fill: "var(--unresolved)" },
    };
    const read: ReadStyle = (element) => ({
      getPropertyValue: (name: string) => computed[element.tagName.toLowerCase()]?.[name] ?? "",
    });
    const copy = inlineStyles(svg, read);
    expect(copy.getAttribute("class")).toBeNull();
    expect(copy.getAttribute("tabindex")).toBeNull();
    expect(copy.getAttribute("role")).toBeNull();
    expect(copy.getAttribute("style")).toBeNull();
    expect(copy.getAttribute("width")).toBe("100");
    const line = copy.querySelector("line");
    expect(line?.getAttribute("stroke")).toBe("rgb(208, 215, 222)");
    expect(line?.getAttribute("stroke-width")).toBe("1px");
    expect(line?.getAttribute("x2")).toBe("100");
    const text = copy.querySelector("text");
    // Presentation attributes, never `style`: the page's CSP refuses style attributes.
    expect(text?.getAttribute("style")).toBeNull();
    expect(text?.getAttribute("fill")).toBe("rgb(87, 96, 106)");
    expect(text?.getAttribute("font-family")).toBe("system-ui");
    expect(text?.getAttribute("font-size")).toBe("12px");
    expect(text?.textContent).toBe("12 Nov");
    expect(copy.querySelector("rect")).toBeNull();
    expect(copy.querySelector("g")?.getAttribute("fill")).toBeNull();
    // The page's own element is left as it was.
    expect(svg.querySelector("line")?.getAttribute("stroke")).toBe("var(--chart-grid)");
  });
});
