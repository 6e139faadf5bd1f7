import { clsx, type ClassValue } from "clsx";
import { twMerge } from "tailwind-merge";

/** Merge class names, letting later Tailwind utilities win over earlier ones. */
export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

const nairaFormatter = new Intl.NumberFormat("en-NG", {
  style: "currency",
  currency: "NGN",
});

/** Format an integer amount in kobo as naira, e.g. 125050 -> "₦1,250.50". */
export function formatNaira(kobo: number): string {
  return nairaFormatter.format(kobo / 100);
}
