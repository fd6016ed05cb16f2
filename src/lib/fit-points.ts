/**
 * Never more points than pixels: a series wider than the chart is merged into runs of
 * neighbouring points whose values are added, so every total the chart shows stays true (a
 * thinned series would drop events). Labels of a merged point name its first and last.
 */

export interface SeriesPoint {
  label: string;
  title: string;
  values: readonly number[];
}

/** How many points fit: one per `pxPerPoint` pixels, at least one. */
export function maxPointsFor(widthPx: number, pxPerPoint = 1): number {
  return Math.max(1, Math.floor(widthPx / pxPerPoint));
}

export function fitPoints(points: readonly SeriesPoint[], maxPoints: number): SeriesPoint[] {
  if (points.length <= maxPoints) return [...points];
  const size = Math.ceil(points.length / Math.max(1, Math.floor(maxPoints)));
  const merged: SeriesPoint[] = [];
  for (let i = 0; i < points.length; i += size) {
    const run = points.slice(i, i + size);
    const head = run[0];
    const tail = run[run.length - 1];
    if (head === undefined || tail === undefined) continue;
    const values = head.values.map((_value, k) =>
      run.reduce((sum, point) => sum + (point.values[k] ?? 0), 0),
    );
    merged.push({
      label: run.length === 1 ? head.label : `${head.label}–${tail.label}`,
      title: run.length === 1 ? head.title : `${head.title} – ${tail.title}`,
      values,
    });
  }
  return merged;
}
