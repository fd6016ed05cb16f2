import { chartSvgDocument, type ChartImage } from "@/lib/chart-image";
import { inlineStyles } from "@/lib/svg-styles";

/** Recharts' drawing surface inside a chart frame (src/components/chart). */
const PLOT_SELECTOR = ".chart-canvas svg.recharts-surface";

/** Whether the frame shows a drawn plot that a picture can be made of. */
export function hasPlot(frame: HTMLElement | null): boolean {
  return frame?.querySelector(PLOT_SELECTOR) != null;
}

/**
 * Runs `read` with the light theme's styles in force, then puts the person's theme back. A
 * saved chart is always light: it goes into reports, slides and print, on white pages, and two
 * people exporting the same chart get the same picture whatever their theme. Both changes of
 * the attribute happen within this one task, so the page is never painted in the other theme.
 */
function inLightTheme<T>(read: () => T): T {
  const root = document.documentElement;
  const before = root.dataset.theme;
  root.dataset.theme = "light";
  try {
    return read();
  } finally {
    if (before === undefined) delete root.dataset.theme;
    else root.dataset.theme = before;
  }
}

/**
 * The chart of `frame` as an SVG document: its plot with the computed styles written in, its
 * legend, and `title` and `periodLine` as a header. `null` when no plot is drawn (the table is
 * shown, or the chart is still loading).
 */
export function captureChart(
  frame: HTMLElement,
  title: string,
  periodLine: string,
): ChartImage | null {
  const plot = frame.querySelector<SVGSVGElement>(PLOT_SELECTOR);
  if (!plot) return null;
  return inLightTheme(() => {
    const read = (element: Element) => getComputedStyle(element);
    const box = plot.getBoundingClientRect();
    const width = Math.round(box.width);
    const height = Math.round(box.height);
    const copy = inlineStyles(plot, read);
    copy.setAttribute("width", String(width));
    copy.setAttribute("height", String(height));
    if (!copy.hasAttribute("viewBox")) {
      copy.setAttribute("viewBox", `0 0 ${String(width)} ${String(height)}`);
    }
    const legend = Array.from(frame.querySelectorAll(".chart-legend li")).map((item) => {
      const swatch = item.querySelector(".chart-swatch");
      return {
        label: item.textContent.trim(),
        color: swatch ? read(swatch).backgroundColor : read(item).color,
      };
    });
    const surface = read(frame);
    const rootStyle = read(document.documentElement);
    return chartSvgDocument({
      title,
      periodLine,
      legend,
      plot: { markup: new XMLSerializer().serializeToString(copy), width, height },
      palette: {
        background: surface.backgroundColor,
        text: surface.color,
        muted: rootStyle.getPropertyValue("--muted").trim() || surface.color,
      },
      fontFamily: surface.fontFamily,
    });
  });
}

/**
 * The picture as a PNG at `scale` times its size (sharp on high-density screens and in print).
 * The SVG is loaded as a data: URL, which the Content-Security-Policy's `img-src` allows, and
 * drawn on a canvas: no request leaves the page, and the canvas is not tainted.
 */
export async function chartPng(image: ChartImage, scale = 2): Promise<Blob> {
  const picture = new Image();
  picture.src = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(image.svg)}`;
  await picture.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width * scale;
  canvas.height = image.height * scale;
  const context = canvas.getContext("2d");
  if (!context) throw new Error("This browser cannot draw on a canvas.");
  context.scale(scale, scale);
  context.drawImage(picture, 0, 0, image.width, image.height);
  return new Promise((resolve, reject) => {
    canvas.toBlob((blob) => {
      if (blob) resolve(blob);
      else reject(new Error("The canvas could not be saved as a PNG."));
    }, "image/png");
  });
}
