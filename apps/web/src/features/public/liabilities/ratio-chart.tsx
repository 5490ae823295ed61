import { FULL_COVER_BASIS_POINTS, formatBasisPoints } from '../../../shell/solvency-format.ts';
import { type ChartBox, describeRatios, type RatioPoint, ratioPath, ratioScale } from './ratio-scale.ts';

const BOX: ChartBox = { width: 400, height: 220, left: 52, right: 12, top: 12, bottom: 24 };
const dateOnly = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone: 'UTC' });
const dateAndTime = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const show = (basisPoints: number | null) =>
  basisPoints === null ? 'Nothing is owed' : formatBasisPoints(basisPoints);

/**
 * Both ratios over every snapshot that states them, drawn by hand (no chart library in the page):
 * one image with its summary as its name, and every figure in a table for whoever wants numbers.
 */
export function RatioChart({ points }: { points: readonly RatioPoint[] }) {
  const scale = ratioScale(points, BOX);
  const solvency = ratioPath(points, (point) => point.solvencyBasisPoints, scale);
  const coverage = ratioPath(points, (point) => point.coverageBasisPoints, scale);
  const oldest = points[0];
  const newest = points.at(-1);
  // Snapshots of one day are told apart by their time.
  const isOneDay = oldest !== undefined && newest?.takenAt.slice(0, 10) === oldest.takenAt.slice(0, 10);
  const axisDate = (iso: string) => (isOneDay ? dateAndTime : dateOnly).format(new Date(iso));
  return (
    <figure className="space-y-3">
      <svg
        role="img"
        aria-label={describeRatios(points, formatBasisPoints)}
        viewBox={`0 0 ${BOX.width} ${BOX.height}`}
        className="h-auto w-full max-w-xl rounded-xl border border-slate-200 bg-white"
      >
        {scale.ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={BOX.left}
              x2={BOX.width - BOX.right}
              y1={scale.y(tick)}
              y2={scale.y(tick)}
              className={tick === FULL_COVER_BASIS_POINTS ? 'text-amber-600' : 'text-slate-200'}
              stroke="currentColor"
              strokeWidth={tick === FULL_COVER_BASIS_POINTS ? 1.5 : 1}
              strokeDasharray={tick === FULL_COVER_BASIS_POINTS ? '6 4' : undefined}
            />
            <text
              x={BOX.left - 6}
              y={scale.y(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize="11"
              className="fill-slate-600"
            >
              {`${tick / 100} %`}
            </text>
          </g>
        ))}
        {oldest && (
          <text x={BOX.left} y={BOX.height - 6} fontSize="11" className="fill-slate-600">
            {axisDate(oldest.takenAt)}
          </text>
        )}
        {newest && points.length > 1 && (
          <text
            x={BOX.width - BOX.right}
            y={BOX.height - 6}
            textAnchor="end"
            fontSize="11"
            className="fill-slate-600"
          >
            {axisDate(newest.takenAt)}
          </text>
        )}
        <path
          d={coverage}
          fill="none"
          stroke="currentColor"
          strokeWidth={2}
          strokeDasharray="4 3"
          className="text-indigo-600"
        />
        <path d={solvency} fill="none" stroke="currentColor" strokeWidth={2.5} className="text-brand-700" />
        {points.map((point, index) => (
          <g key={point.id}>
            {point.coverageBasisPoints !== null && (
              <circle
                cx={scale.x(index)}
                cy={scale.y(point.coverageBasisPoints)}
                r={3}
                className="fill-indigo-600"
              />
            )}
            {point.solvencyBasisPoints !== null && (
              <circle
                cx={scale.x(index)}
                cy={scale.y(point.solvencyBasisPoints)}
                r={3.5}
                className="fill-brand-700"
              />
            )}
          </g>
        ))}
      </svg>
      <figcaption className="flex flex-wrap gap-x-5 gap-y-1 text-xs text-slate-600">
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block h-0.5 w-5 bg-brand-700" />
          Solvency ratio
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block w-5 border-t-2 border-dashed border-indigo-600" />
          Obligation coverage ratio
        </span>
        <span className="flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block w-5 border-t-2 border-dashed border-amber-600" />
          100 %: everything owed is held
        </span>
      </figcaption>
      <details className="text-sm">
        <summary className="cursor-pointer font-medium text-brand-700">The figures</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="min-w-full text-left text-sm">
            <caption className="sr-only">
              Ratios of every snapshot that states its reserves, oldest first
            </caption>
            <thead>
              <tr className="text-xs text-slate-600">
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Taken (UTC)
                </th>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  Solvency
                </th>
                <th scope="col" className="py-1 font-semibold">
                  Coverage
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {points.map((point) => (
                <tr key={point.id}>
                  <td className="py-1 pr-4 font-mono text-xs">{point.takenAt}</td>
                  <td className="py-1 pr-4">{show(point.solvencyBasisPoints)}</td>
                  <td className="py-1">{show(point.coverageBasisPoints)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
