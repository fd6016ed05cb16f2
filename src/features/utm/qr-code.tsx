import { Trans, useLingui } from "@lingui/react/macro";
import { useMemo } from "react";
import { qrPath, type QrPath } from "@/lib/qr-code";

/**
 * The link as a QR code, drawn by React as an SVG (dark on white in either theme: scanners
 * need the contrast), with a download of the same picture for print.
 */
/** Its own chunk with the QR encoder, fetched once the first link is made. */
export default function QrCode({ text, fileName }: { text: string; fileName: string }) {
  const path = useMemo(() => qrPath(text), [text]);
  if (!path) {
    return (
      <p className="muted utm-qr-too-long" role="status">
        <Trans>This link is too long for a QR code. The link itself works: copy it instead.</Trans>
      </p>
    );
  }
  return <QrFigure text={text} fileName={fileName} path={path} />;
}

function QrFigure({
  text,
  fileName,
  path: { size, d },
}: {
  text: string;
  fileName: string;
  path: QrPath;
}) {
  const { t } = useLingui();
  const download = useMemo(() => {
    /* eslint-disable lingui/no-unlocalized-strings -- SVG markup of the file, no words */
    const svg =
      `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${String(size)} ${String(size)}" ` +
      `width="${String(size * 8)}" height="${String(size * 8)}" shape-rendering="crispEdges">` +
      `<rect width="100%" height="100%" fill="#fff"/><path d="${d}" fill="#000"/></svg>`;
    /* eslint-enable lingui/no-unlocalized-strings */
    return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
  }, [size, d]);
  return (
    <figure className="utm-qr">
      <svg
        className="utm-qr-image"
        viewBox={`0 0 ${String(size)} ${String(size)}`}
        role="img"
        aria-label={t`QR code of the link ${text}`}
        shapeRendering="crispEdges"
      >
        <rect width={size} height={size} fill="#fff" />
        <path d={d} fill="#000" />
      </svg>
      <figcaption>
        <a className="button" href={download} download={fileName}>
          <Trans>Download QR code (SVG)</Trans>
        </a>
      </figcaption>
    </figure>
  );
}
