import type { I18n } from "@lingui/core";
import { downloadBlob } from "@/components/csv-export/csv-sinks";
import { readSeparator } from "@/components/csv-export/remembered-separator";
import { chartCsv, type ChartTableData } from "@/lib/chart-csv";
import { chartFileName, chartPeriodLine, type ChartPeriod } from "@/lib/chart-image";
import { csvSeparatorFor } from "@/lib/csv-options";
import { captureChart, chartPng, hasPlot } from "./capture-chart";

export type ChartExportKind = "csv" | "png" | "svg";

export interface ChartExportJob {
  title: string;
  period: ChartPeriod;
  table: ChartTableData;
  /** The chart's frame, holding the drawn plot and its legend. */
  frame: HTMLElement;
  i18n: I18n;
}

/** Thrown when a picture is asked of a chart that is not drawn (the table is shown). */
export class NoPlotError extends Error {
  constructor() {
    // eslint-disable-next-line lingui/no-unlocalized-strings -- for logs; the menu says it in words
    super("The chart is not drawn: there is no picture to save.");
    this.name = "NoPlotError";
  }
}

const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>\n';

/**
 * Saves the chart as a file of `kind` and returns the file's name. The CSV is the table view's
 * numbers with the separator the person last chose in any export (their language's otherwise);
 * the pictures are of the plot as drawn, always in the light theme. In its own chunk, with the
 * CSV writer: fetched at the first export.
 */
export async function runChartExport(kind: ChartExportKind, job: ChartExportJob): Promise<string> {
  const { title, period, table, frame, i18n } = job;
  const fileName = chartFileName(title, period, kind);
  if (kind === "csv") {
    const separator = csvSeparatorFor(readSeparator(), i18n.locale);
    const text = chartCsv(table, { separator, i18n });
    downloadBlob(new Blob([text], { type: "text/csv;charset=utf-8" }), fileName);
    return fileName;
  }
  await plotDrawn(frame);
  const image = captureChart(frame, title, chartPeriodLine(period, i18n));
  if (!image) throw new NoPlotError();
  if (kind === "svg") {
    downloadBlob(
      new Blob([XML_DECLARATION, image.svg], { type: "image/svg+xml;charset=utf-8" }),
      fileName,
    );
  } else {
    downloadBlob(await chartPng(image), fileName);
  }
  return fileName;
}

/**
 * Until the frame's plot is drawn, at most `waitMs`: a chart out of view is drawn only once its
 * Export menu is reached (chart-frame.tsx), and its code may still be on its way.
 */
async function plotDrawn(frame: HTMLElement, waitMs = 5000): Promise<void> {
  const until = Date.now() + waitMs;
  while (!hasPlot(frame) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
