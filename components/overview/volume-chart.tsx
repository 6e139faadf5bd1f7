// The overview's chart, drawn on the server as plain markup: bars are boxes with percentage heights, so
// it sizes itself with CSS and costs the phone no script (recharts was the page's largest one). The
// accessible version is the table beside it; each bar's title gives its figures on hover.
import { cn, formatNaira } from "@/lib/utils";

export type VolumePoint = { bucket: string; label: string; volume: number; count: number };

const compactNaira = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
  notation: "compact",
  minimumFractionDigits: 0,
  maximumFractionDigits: 1,
});
const TICKS = 4;
const MAX_LABELS = 6;

/** The smallest 1, 2 or 5 × 10ⁿ kobo step that fits `max` in TICKS steps: round figures on the axis. */
function axisStep(max: number): number {
  const rough = max / TICKS;
  const power = 10 ** Math.floor(Math.log10(rough));
  return ([1, 2, 5, 10].find((m) => m * power >= rough) ?? 10) * power;
}

const payments = (n: number) => `${n} ${n === 1 ? "payment" : "payments"}`;

export function VolumeChart({ points, emptyText = "No payments in this period yet." }: { points: VolumePoint[]; emptyText?: string }) {
  const max = Math.max(...points.map((p) => p.volume), 0);
  // An all-zero axis would read "₦0" five times: say so in words instead.
  if (max === 0) {
    return (
      <div
        className="flex h-64 w-full items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground sm:h-72"
        data-testid="volume-chart-empty"
      >
        {emptyText}
      </div>
    );
  }
  const step = axisStep(max);
  const top = step * TICKS;
  const ticks = Array.from({ length: TICKS + 1 }, (_, i) => i * step);
  const labelEvery = Math.ceil(points.length / MAX_LABELS);

  return (
    <div className="flex h-64 w-full gap-2 pt-2 text-xs text-muted-foreground sm:h-72" aria-hidden="true" data-testid="volume-chart">
      <div className="relative mb-6 w-14 shrink-0 tabular-nums">
        {ticks.map((tick) => (
          <span key={tick} className="absolute right-0 translate-y-1/2 leading-none" style={{ bottom: `${(tick / top) * 100}%` }}>
            {compactNaira.format(tick / 100)}
          </span>
        ))}
      </div>
      <div className="flex min-w-0 flex-1 flex-col">
        <div className="relative flex-1">
          {ticks.map((tick) => (
            <span key={tick} className="absolute inset-x-0 border-t" style={{ bottom: `${(tick / top) * 100}%` }} />
          ))}
          <div className="absolute inset-0 flex items-end justify-around gap-px px-1">
            {points.map((p) => (
              <span
                key={p.bucket}
                title={`${p.label} · ${payments(p.count)} · ${formatNaira(p.volume)}`}
                className="w-full max-w-10 rounded-t bg-primary hover:opacity-80"
                style={{ height: `${(p.volume / top) * 100}%` }}
              />
            ))}
          </div>
        </div>
        <div className="flex h-6 items-end justify-around gap-px px-1">
          {points.map((p, i) => (
            <span key={p.bucket} className={cn("relative w-full max-w-10", i % labelEvery !== 0 && "invisible")}>
              <span className="absolute left-1/2 bottom-0 -translate-x-1/2 whitespace-nowrap">{p.label}</span>
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
