import { seriesIndex } from "./chart-series";

/**
 * What the bar charts' tooltips share (bar-chart-lazy.tsx, category-bar-chart-lazy.tsx): the
 * bucket's own title as the heading, the theme's surface and text, the hover band's fill, and the
 * series in the legend's order, each name with its colon.
 */
export const tooltipLook = {
  labelFormatter: (_label: unknown, payload: readonly { payload?: unknown }[]) => {
    const first = payload[0]?.payload;
    return typeof first === "object" && first !== null && "title" in first
      ? String(first.title)
      : "";
  },
  contentStyle: {
    background: "var(--surface)",
    border: "1px solid var(--border)",
    color: "var(--text)",
  },
  // In the text's colour, not the series' (an orange name on white fails contrast: axe); the
  // names say which series each line is.
  itemStyle: { color: "var(--text)" },
  cursor: { fill: "var(--chart-cursor)" },
  // "Subscribed: 12", as the words are written in English and in Russian, not Recharts' " : ".
  separator: ": ",
  // In the legend's order (the series' own, by their keys), not Recharts' own by name, which
  // put «Отписались» before «Подписались».
  itemSorter: (item: { dataKey?: unknown }) => seriesIndex(item.dataKey),
};
