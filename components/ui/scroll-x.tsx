"use client";

import * as React from "react";

import { cn } from "@/lib/utils";

/**
 * A box that scrolls sideways when its content is too wide. While it overflows it joins the tab order,
 * so keyboard users can focus it and scroll with the arrow keys (WCAG 2.1.1; axe: scrollable-region-focusable).
 */
function ScrollX({ className, ...props }: React.ComponentProps<"div">) {
  const ref = React.useRef<HTMLDivElement>(null);
  const [overflowing, setOverflowing] = React.useState(false);

  React.useEffect(() => {
    const box = ref.current;
    if (!box) return;
    // ResizeObserver reports every observed element once on observe(), so this also runs at mount.
    const observer = new ResizeObserver(() => setOverflowing(box.scrollWidth > box.clientWidth));
    observer.observe(box);
    if (box.firstElementChild) observer.observe(box.firstElementChild);
    return () => observer.disconnect();
  }, []);

  return (
    <div
      ref={ref}
      tabIndex={overflowing ? 0 : undefined}
      className={cn("overflow-x-auto focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring", className)}
      {...props}
    />
  );
}

export { ScrollX };
