import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { DailyTotal } from '@shared/customers/dashboard';
import { formatCount, formatDay } from '@app/features/dashboard/format';
import { barChartOptions, HORIZONTAL_BELOW_PX } from './chart-options';

const MIN_WIDTH = 240;
const isHorizontal = (width: number) => width < HORIZONTAL_BELOW_PX;
const sizeFor = (width: number, days: number) => ({
  width,
  height: isHorizontal(width) ? days * 34 + 48 : 300,
});

/** The uPlot bar chart of daily totals; loaded lazily so uPlot stays out of the first bundle. */
export default function MessageChart({ days }: { days: DailyTotal[] }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const labels = days.map((day) => formatDay(day.Date));
    const data: uPlot.AlignedData = [days.map((_, i) => i), days.map((day) => day.Total)];
    const create = (width: number) =>
      new uPlot(
        barChartOptions(labels, sizeFor(width, days.length), isHorizontal(width)),
        data,
        element,
      );

    let plot = create(Math.max(element.clientWidth, MIN_WIDTH));
    // Follows the card as the layout changes; crossing the phone width flips the orientation,
    // which uPlot only takes at creation.
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const width = Math.max(Math.floor(entry.contentRect.width), MIN_WIDTH);
      if (width === plot.width) return;
      if (isHorizontal(width) !== isHorizontal(plot.width)) {
        plot.destroy();
        plot = create(width);
      } else {
        plot.setSize(sizeFor(width, days.length));
      }
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [days]);

  return (
    <figure className="m-0">
      <div ref={container} aria-hidden="true" className="w-full" />
      <table className="sr-only">
        <caption>Messages per day, last {days.length} days</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Messages</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.Date}>
              <td>{formatDay(day.Date)}</td>
              <td>{formatCount(day.Total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
