import { createContext } from "react";

/**
 * True once a chart's frame wants its plot drawn whether or not it is in view: its Export menu
 * was reached (hovered, focused or opened), and a picture can only be made of a drawn plot.
 * Read by the canvases (bar-chart.tsx, category-bar-chart.tsx), set by chart-frame.tsx.
 */
export const ChartDrawContext = createContext(false);
