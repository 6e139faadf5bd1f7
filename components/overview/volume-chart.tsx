"use client";

// The overview's chart. Its figures and the table beside it are server-rendered; recharts (the largest
// script on the page, ~100 KiB) loads in its own chunk only when the chart's box, of fixed height, nears
// the screen: below the figures on a phone, so not during the page's load.
import * as React from "react";
import dynamic from "next/dynamic";

export type VolumePoint = { bucket: string; label: string; volume: number; count: number };

const VolumeBars = dynamic(() => import("./volume-bars").then((m) => m.VolumeBars), { ssr: false });

export function VolumeChart({ points, emptyText = "No payments in this period yet." }: { points: VolumePoint[]; emptyText?: string }) {
  const box = React.useRef<HTMLDivElement>(null);
  const [near, setNear] = React.useState(false);
  React.useEffect(() => {
    if (!box.current) return;
    const observer = new IntersectionObserver(([entry]) => entry?.isIntersecting && setNear(true), { rootMargin: "200px" });
    observer.observe(box.current);
    return () => observer.disconnect();
  }, []);

  // An all-zero axis would read "₦0" five times: say so in words instead.
  if (points.every((p) => p.volume === 0)) {
    return (
      <div
        className="flex h-64 w-full items-center justify-center rounded-lg border border-dashed text-sm text-muted-foreground sm:h-72"
        data-testid="volume-chart-empty"
      >
        {emptyText}
      </div>
    );
  }
  return (
    <div ref={box} className="h-64 w-full sm:h-72" aria-hidden="true">
      {near ? <VolumeBars points={points} /> : null}
    </div>
  );
}
