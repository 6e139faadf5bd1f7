"use client";

// The overview's chart. Its figures and the table beside it are server-rendered; recharts (the largest
// script on the page) loads in its own chunk after the page is interactive, into a box of fixed height.
import dynamic from "next/dynamic";

export type VolumePoint = { bucket: string; label: string; volume: number; count: number };

const VolumeBars = dynamic(() => import("./volume-bars").then((m) => m.VolumeBars), { ssr: false });

export function VolumeChart({ points, emptyText = "No payments in this period yet." }: { points: VolumePoint[]; emptyText?: string }) {
  // An all-zero axis would read "₦0" five times: say so in words instead.
  if (points.every((p) => p.volume === 0)) {
    return (
      <div className="flex h-64 w-full items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground sm:h-72" data-testid="volume-chart-empty">
        {emptyText}
      </div>
    );
  }
  return (
    <div className="h-64 w-full sm:h-72" aria-hidden="true">
      <VolumeBars points={points} />
    </div>
  );
}
