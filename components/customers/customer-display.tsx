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
