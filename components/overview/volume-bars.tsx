"use client";

// The recharts half of VolumeChart, in its own chunk: loaded only when there is a chart to draw.
import { Bar, BarChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

import { formatNaira } from "@/lib/utils";

import type { VolumePoint } from "./volume-chart";

const compactNaira = new Intl.NumberFormat("en-NG", { style: "currency", currency: "NGN", notation: "compact", maximumFractionDigits: 1 });

export function VolumeBars({ points }: { points: VolumePoint[] }) {
  return (
    <ResponsiveContainer width="100%" height="100%">
      {/* The accessible version is the table next to this chart; keep the SVG out of the tab order. */}
      <BarChart data={points} margin={{ top: 8, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid vertical={false} stroke="var(--border)" />
        <XAxis dataKey="label" tickLine={false} axisLine={false} tick={{ fontSize: 12, fill: "var(--muted-foreground)" }} minTickGap={16} />
        <YAxis
          width={64}
          tickLine={false}
          axisLine={false}
          tick={{ fontSize: 12, fill: "var(--muted-foreground)" }}
          tickFormatter={(kobo: number) => compactNaira.format(kobo / 100)}
        />
        <Tooltip
          cursor={{ fill: "var(--muted)" }}
          formatter={(kobo) => [formatNaira(Number(kobo)), "Collected"]}
          labelFormatter={(label, payload) => {
            const count = (payload?.[0]?.payload as VolumePoint | undefined)?.count ?? 0;
            return `${String(label)} · ${count} ${count === 1 ? "payment" : "payments"}`;
          }}
          contentStyle={{ borderRadius: 8, borderColor: "var(--border)", fontSize: 13 }}
        />
        <Bar dataKey="volume" fill="var(--primary)" radius={[4, 4, 0, 0]} maxBarSize={40} />
      </BarChart>
    </ResponsiveContainer>
  );
}
