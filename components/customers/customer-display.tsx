// Shared presentation for customers (server and client safe).

const lagosDay = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "short", year: "numeric" });

/** "1 Oct 2026" in Lagos time, in a <time> element; an em dash when there is no date. */
export function LagosDay({ value, className }: { value: Date | string | null; className?: string }) {
  if (!value) return <span className={className}>—</span>;
  const date = typeof value === "string" ? new Date(value) : value;
  return (
    <time dateTime={date.toISOString()} className={className}>
      {lagosDay.format(date)}
    </time>
  );
}

const count = new Intl.NumberFormat("en-NG");

/** "1 payment", "1,204 payments". */
export function paymentCountLabel(n: number): string {
  return `${count.format(n)} ${n === 1 ? "payment" : "payments"}`;
}

/** Initials for the avatar circle: "Ngozi Eze" → "NE", "chidi@example.com" → "C". */
export function customerInitials(name: string | null, email: string): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 0 ? words.slice(0, 2).map((w) => w[0]!) : [email[0] ?? "?"];
  return letters.join("").toUpperCase();
}
