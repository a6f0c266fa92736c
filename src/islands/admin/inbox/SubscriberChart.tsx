/**
 * New confirmed subscribers and unsubscribes per week over the last year, drawn as SVG in the page
 * (no chart service, nothing loaded from elsewhere), with the same numbers in a table for screen
 * readers and anyone who prefers figures.
 */
import { formatDate } from './staff-api.ts';

export interface ChartWeek {
  weekStart: string;
  confirmed: number;
  unsubscribed: number;
}

const WIDTH = 720;
const HEIGHT = 220;
const PAD = { top: 12, right: 8, bottom: 28, left: 36 };

export function SubscriberChart({ weeks }: { weeks: ChartWeek[] }) {
  const max = Math.max(1, ...weeks.map((w) => Math.max(w.confirmed, w.unsubscribed)));
  const plotW = WIDTH - PAD.left - PAD.right;
  const plotH = HEIGHT - PAD.top - PAD.bottom;
  const slot = plotW / Math.max(1, weeks.length);
  const bar = Math.max(1, slot / 2 - 1);
  const y = (n: number) => PAD.top + plotH - (n / max) * plotH;
  const ticks = [0, Math.round(max / 2), max].filter((v, i, all) => all.indexOf(v) === i);
  const totals = weeks.reduce((t, w) => ({ confirmed: t.confirmed + w.confirmed, unsubscribed: t.unsubscribed + w.unsubscribed }), { confirmed: 0, unsubscribed: 0 });
  return (
    <figure className="subscriber-chart">
      <figcaption>
        Last 52 weeks: <strong>{totals.confirmed}</strong> new confirmed subscribers, <strong>{totals.unsubscribed}</strong> unsubscribes.
        <span className="subscriber-chart__legend" aria-hidden="true">
          <span className="subscriber-chart__key subscriber-chart__key--confirmed" /> Confirmed
          <span className="subscriber-chart__key subscriber-chart__key--unsubscribed" /> Unsubscribed
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label="Bar chart of new confirmed subscribers and unsubscribes per week; the table below has the figures" data-testid="subscriber-chart">
        {ticks.map((t) => (
          <g key={t}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} className="subscriber-chart__grid" />
            <text x={PAD.left - 6} y={y(t) + 4} textAnchor="end" className="subscriber-chart__label">
              {t}
            </text>
          </g>
        ))}
        {weeks.map((w, i) => {
          const x = PAD.left + i * slot;
          return (
            <g key={w.weekStart}>
              <title>{`Week of ${formatDate(w.weekStart)}: ${w.confirmed} confirmed, ${w.unsubscribed} unsubscribed`}</title>
              {w.confirmed ? <rect x={x + 1} y={y(w.confirmed)} width={bar} height={PAD.top + plotH - y(w.confirmed)} className="subscriber-chart__bar--confirmed" /> : null}
              {w.unsubscribed ? <rect x={x + 1 + bar} y={y(w.unsubscribed)} width={bar} height={PAD.top + plotH - y(w.unsubscribed)} className="subscriber-chart__bar--unsubscribed" /> : null}
              {i % 13 === 0 ? (
                <text x={x} y={HEIGHT - 8} className="subscriber-chart__label">
                  {formatDate(w.weekStart)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      <details className="subscriber-chart__table">
        <summary>Show the figures as a table</summary>
        <table>
          <caption className="sipa-visually-hidden">New confirmed subscribers and unsubscribes per week</caption>
          <thead>
            <tr>
              <th scope="col">Week of</th>
              <th scope="col">Confirmed</th>
              <th scope="col">Unsubscribed</th>
            </tr>
          </thead>
          <tbody>
            {weeks.map((w) => (
              <tr key={w.weekStart}>
                <th scope="row">{formatDate(w.weekStart)}</th>
                <td>{w.confirmed}</td>
                <td>{w.unsubscribed}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
