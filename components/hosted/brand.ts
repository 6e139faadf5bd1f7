import type { CSSProperties } from "react";

const HEX = /^#([0-9a-fA-F]{6})$/;

/** Relative luminance (WCAG) of a #rrggbb colour. */
function luminance(hex: string): number {
  const channels = [0, 2, 4].map((i) => parseInt(hex.slice(1 + i, 3 + i), 16) / 255);
  const [r, g, b] = channels.map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4)) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The merchant's colour as the page's primary, with readable text on it; Paylink's own otherwise. */
export function brandStyle(brandColor: string | null | undefined): CSSProperties | undefined {
  if (!brandColor || !HEX.test(brandColor)) return undefined;
  const dark = luminance(brandColor) < 0.4;
  return {
    "--primary": brandColor,
    "--primary-hover": `color-mix(in srgb, ${brandColor} 85%, ${dark ? "black" : "white"})`,
    "--primary-foreground": dark ? "#ffffff" : "#111827",
    "--ring": brandColor,
  } as CSSProperties;
}
