// SVG charts drawn on the server (issue 46): no JavaScript, a title and a description for screen readers
// (role="img" named by its <title> and <desc>), scales from lib/season. Wide charts keep a minimum width
// and scroll sideways inside their own focusable box on a phone. Each chart sits beside a table of the
// same numbers.
import { linearScale, niceTicks } from "~/lib/season";

type Common = { id: string; title: string; description: string; format: (value: number) => string };

const HEIGHT = 220;
const TOP = 12;
const BOTTOM = 44;
const LEFT = 48;
const RIGHT = 12;

function Frame({
  id,
  title,
  description,
  width,
  children,
}: {
  id: string;
  title: string;
  description: string;
  width: number;
  children: React.ReactNode;
}) {
  return (
    <div
      className="overflow-x-auto rounded-lg border border-stone-200 bg-white p-2"
      role="region"
      aria-labelledby={`${id}-title`}
      // A box that scrolls sideways on a phone: keyboard users reach it to scroll.
      // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
      tabIndex={0}
    >
      <svg
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        viewBox={`0 0 ${width} ${HEIGHT}`}
        width="100%"
        style={{ minWidth: `${Math.min(width, 900)}px`, maxWidth: `${Math.max(width, 640)}px` }}
        data-testid={`chart-${id}`}
      >
        <title id={`${id}-title`}>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {children}
      </svg>
    </div>
  );
}

function Axis({
  ticks,
  y,
  width,
  format,
}: {
  ticks: number[];
  y: (v: number) => number;
  width: number;
  format: (v: number) => string;
}) {
  return (
    <g aria-hidden="true">
      {ticks.map((tick) => (
        <g key={tick}>
          <line x1={LEFT} x2={width - RIGHT} y1={y(tick)} y2={y(tick)} className="stroke-stone-200" />
          <text x={LEFT - 6} y={y(tick) + 4} textAnchor="end" fontSize="11" className="fill-stone-600">
            {format(tick)}
          </text>
        </g>
      ))}
    </g>
  );
}

export type Bar = { key: string; label: string; value: number; muted?: boolean };

/** Vertical bars, one per item; `muted` bars (booked ahead, say) are lighter. */
export function BarChart({ id, title, description, format, bars, max }: Common & { bars: Bar[]; max?: number }) {
  const step = 34;
  const width = LEFT + RIGHT + Math.max(bars.length, 4) * step;
  const top = max ?? Math.max(0, ...bars.map((b) => b.value));
  const ticks = niceTicks(top);
  const y = linearScale([0, ticks[ticks.length - 1]], [HEIGHT - BOTTOM, TOP]);
  return (
    <Frame id={id} title={title} description={description} width={width}>
      <Axis ticks={ticks} y={y} width={width} format={format} />
      <g aria-hidden="true">
        {bars.map((bar, i) => {
          const x = LEFT + i * step + 4;
          const top = y(bar.value);
          return (
            <g key={bar.key}>
              <rect
                x={x}
                y={top}
                width={step - 8}
                height={Math.max(0, HEIGHT - BOTTOM - top)}
                className={bar.muted ? "fill-emerald-300" : "fill-brand-700"}
              />
              <text
                x={x + (step - 8) / 2}
                y={HEIGHT - BOTTOM + 14}
                textAnchor="middle"
                fontSize="10"
                className="fill-stone-700"
              >
                {bar.label.split("\n")[0]}
              </text>
              <text
                x={x + (step - 8) / 2}
                y={HEIGHT - BOTTOM + 27}
                textAnchor="middle"
                fontSize="10"
                className="fill-stone-700"
              >
                {bar.label.split("\n")[1] ?? ""}
              </text>
            </g>
          );
        })}
      </g>
    </Frame>
  );
}

export type Series = { key: string; label: string; values: number[] };

/** Lines over the same x labels, each named at its end. */
export function LineChart({
  id,
  title,
  description,
  format,
  labels,
  series,
}: Common & { labels: string[]; series: Series[] }) {
  const step = 40;
  const width = LEFT + RIGHT + 40 + Math.max(labels.length, 4) * step;
  const ticks = niceTicks(Math.max(0, ...series.flatMap((s) => s.values)));
  const y = linearScale([0, ticks[ticks.length - 1]], [HEIGHT - BOTTOM, TOP]);
  const x = (i: number) => LEFT + step / 2 + i * step;
  return (
    <Frame id={id} title={title} description={description} width={width}>
      <Axis ticks={ticks} y={y} width={width - 40} format={format} />
      <g aria-hidden="true">
        {labels.map((label, i) =>
          i % 2 === 0 ? (
            <text
              key={label}
              x={x(i)}
              y={HEIGHT - BOTTOM + 14}
              textAnchor="middle"
              fontSize="10"
              className="fill-stone-700"
            >
              {label}
            </text>
          ) : null,
        )}
        {series.map((s, index) => (
          <g key={s.key}>
            <path
              d={s.values.map((v, i) => `${i ? "L" : "M"}${x(i).toFixed(1)},${y(v).toFixed(1)}`).join("")}
              fill="none"
              strokeWidth="2"
              className={index === 0 ? "stroke-brand-700" : "stroke-stone-500"}
            />
            <text
              x={x(s.values.length - 1) + 6}
              y={y(s.values[s.values.length - 1] ?? 0) + 4}
              fontSize="10"
              className="fill-stone-800"
            >
              {s.label}
            </text>
          </g>
        ))}
      </g>
    </Frame>
  );
}
