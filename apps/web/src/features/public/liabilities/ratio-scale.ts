/** The geometry of the ratios chart: where each snapshot's ratios sit in the drawing. */

import { FULL_COVER_BASIS_POINTS } from '../../../shell/solvency-format.ts';

export interface RatioPoint {
  /** The snapshot's id. */
  id: string;
  takenAt: string;
  solvencyBasisPoints: number | null;
  coverageBasisPoints: number | null;
}

export interface ChartBox {
  width: number;
  height: number;
  /** Room left of the plot for the axis labels, and around it. */
  left: number;
  right: number;
  top: number;
  bottom: number;
}

/** The axis steps: 50 %. */
const STEP_BASIS_POINTS = 5_000;

/**
 * The top of the axis: a step above the highest ratio and above 100 %, so the 100 % line is always
 * drawn, never on the frame, and nothing touches the top.
 */
export function axisTop(points: readonly RatioPoint[]): number {
  const highest = points.reduce(
    (top, point) => Math.max(top, point.solvencyBasisPoints ?? 0, point.coverageBasisPoints ?? 0),
    FULL_COVER_BASIS_POINTS,
  );
  return (Math.floor(highest / STEP_BASIS_POINTS) + 1) * STEP_BASIS_POINTS;
}

export function ratioScale(points: readonly RatioPoint[], box: ChartBox) {
  const top = axisTop(points);
  const plotWidth = box.width - box.left - box.right;
  const plotHeight = box.height - box.top - box.bottom;
  /** Oldest at the left; a single snapshot in the middle. */
  const x = (index: number) =>
    points.length <= 1 ? box.left + plotWidth / 2 : box.left + (plotWidth * index) / (points.length - 1);
  const y = (basisPoints: number) => box.top + plotHeight * (1 - basisPoints / top);
  /** 0, 100 % and the top: the lines worth labelling. */
  const ticks = [0, FULL_COVER_BASIS_POINTS, top];
  return { top, x, y, ticks };
}

/**
 * An SVG path through one ratio of every snapshot, oldest first. A snapshot where nothing was owed
 * has no ratio: the line stops there and starts again after it, rather than inventing a value.
 */
export function ratioPath(
  points: readonly RatioPoint[],
  pick: (point: RatioPoint) => number | null,
  scale: Pick<ReturnType<typeof ratioScale>, 'x' | 'y'>,
): string {
  let path = '';
  let isDrawing = false;
  points.forEach((point, index) => {
    const value = pick(point);
    if (value === null) {
      isDrawing = false;
      return;
    }
    path += `${path ? ' ' : ''}${isDrawing ? 'L' : 'M'}${round(scale.x(index))} ${round(scale.y(value))}`;
    isDrawing = true;
  });
  return path;
}

const round = (value: number) => Math.round(value * 10) / 10;

/** What the chart shows, in words, for those who cannot see it. */
export function describeRatios(
  points: readonly RatioPoint[],
  format: (basisPoints: number) => string,
): string {
  const newest = points.at(-1);
  if (!newest) return 'No snapshot states its reserves yet.';
  const show = (basisPoints: number | null) => (basisPoints === null ? 'nothing owed' : format(basisPoints));
  const lowest = points.reduce<number | null>(
    (low, point) =>
      point.solvencyBasisPoints === null
        ? low
        : low === null
          ? point.solvencyBasisPoints
          : Math.min(low, point.solvencyBasisPoints),
    null,
  );
  const count = points.length === 1 ? 'one snapshot' : `${points.length} snapshots, oldest first`;
  return `Solvency ratio and obligation coverage ratio over ${count}, against the 100 % line. Newest: solvency ${show(newest.solvencyBasisPoints)}, coverage ${show(newest.coverageBasisPoints)}.${lowest === null ? '' : ` Lowest solvency: ${format(lowest)}.`}`;
}
