import { describe, expect, it } from 'vitest';
import { formatBasisPoints } from '../../../shell/solvency-format.ts';
import { axisTop, describeRatios, type RatioPoint, ratioPath, ratioScale } from './ratio-scale.ts';

const BOX = { width: 400, height: 220, left: 50, right: 10, top: 10, bottom: 10 };
const point = (id: string, solvency: number | null, coverage: number | null): RatioPoint => ({
  id,
  takenAt: `2026-11-2${id}T12:00:00.000Z`,
  solvencyBasisPoints: solvency,
  coverageBasisPoints: coverage,
});

describe('axisTop', () => {
  it('leaves a 50 % step above 100 % and above the highest ratio', () => {
    expect(axisTop([])).toBe(15_000);
    expect(axisTop([point('1', 0, 0)])).toBe(15_000);
    expect(axisTop([point('1', 12_345, 9_000)])).toBe(15_000);
    expect(axisTop([point('1', 9_000, 15_000)])).toBe(20_000);
    expect(axisTop([point('1', null, null)])).toBe(15_000);
  });
});

describe('ratioScale', () => {
  it('puts 0 at the bottom of the plot, the top at its top, the oldest left and the newest right', () => {
    const points = [point('1', 5_000, 5_000), point('2', 10_000, 10_000), point('3', 15_000, 0)];
    const scale = ratioScale(points, BOX);
    expect(scale.top).toBe(20_000);
    expect(scale.y(0)).toBe(210);
    expect(scale.y(20_000)).toBe(10);
    expect(scale.y(10_000)).toBe(110);
    expect(scale.x(0)).toBe(50);
    expect(scale.x(2)).toBe(390);
    expect(scale.ticks).toEqual([0, 10_000, 20_000]);
  });

  it('centres a single snapshot', () => {
    expect(ratioScale([point('1', 0, 0)], BOX).x(0)).toBe(220);
  });
});

describe('ratioPath', () => {
  it('draws through every ratio and breaks where nothing was owed', () => {
    const points = [
      point('1', 0, 0),
      point('2', null, null),
      point('3', 10_000, 5_000),
      point('4', 15_000, 0),
    ];
    const scale = ratioScale(points, BOX);
    const x = (index: number) => Math.round(scale.x(index) * 10) / 10;
    expect(ratioPath(points, (p) => p.solvencyBasisPoints, scale)).toBe(
      `M${x(0)} 210 M${x(2)} 110 L${x(3)} 60`,
    );
  });
});

describe('describeRatios', () => {
  it('names the newest ratios and the lowest solvency', () => {
    expect(describeRatios([point('1', 9_000, 8_000), point('2', 11_000, null)], formatBasisPoints)).toBe(
      'Solvency ratio and obligation coverage ratio over 2 snapshots, oldest first, against the 100 % line. Newest: solvency 110.00 %, coverage nothing owed. Lowest solvency: 90.00 %.',
    );
    expect(describeRatios([], formatBasisPoints)).toBe('No snapshot states its reserves yet.');
  });
});
