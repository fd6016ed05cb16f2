import { useMemo } from "react";
import { qrPath } from "@/lib/qr-code";

/**
 * The link as a QR code, drawn by React as an SVG (dark on white in either theme: scanners
 * need the contrast), with a download of the same picture for print.
 */
/** Its own chunk with the QR encoder, fetched once the first link is made. */
export default function QrCode({ text, fileName }: { text: string; fileName: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text]);
  const download = useMemo(() => {
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(size)} ${String(size)}" ` +
      `width="${String(size * 8)}" height="${String(size * 8)}" shape-rendering="crispEdges">` +
      `<rect width="100%" height="100%" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [size, d]);
  return (
    <figure className="utm-qr">
      <svg
        className="utm-qr-image"
        viewBox={`0 0 ${String(size)} ${String(size)}`}
        role="img"
        aria-label={`QR code of the link ${text}`}
        shapeRendering="crispEdges"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      <figcaption>
        <a className="button" href={download} download={fileName}>
          Download QR code (SVG)
        </a>
      </figcaption>
    </figure>
  );
}
