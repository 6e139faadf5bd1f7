// Customers and merchants read times in Lagos (WAT, UTC+1 all year). Client-safe: no server code.

const dateTime = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "long",
  year: "numeric",
  hour: "numeric",
  minute: "2-digit",
  hour12: true,
});

const dateOnly = new Intl.DateTimeFormat("en-GB", { timeZone: "Africa/Lagos", day: "numeric", month: "long", year: "numeric" });

/** 2026-11-23T19:15Z -> "23 November 2026, 8:15 pm WAT". */
export function formatLagosDateTime(date: Date): string {
  const parts = Object.fromEntries(dateTime.formatToParts(date).map((p) => [p.type, p.value]));
  return `${parts.day} ${parts.month} ${parts.year}, ${parts.hour}:${parts.minute} ${String(parts.dayPeriod ?? "").toLowerCase()} WAT`;
}

/** 2026-11-23T19:15Z -> "23 November 2026" (the Lagos calendar day). */
export function formatLagosDate(date: Date): string {
  return dateOnly.format(date);
}

const calendarDay = new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" });

/** A calendar day stored as midnight UTC (an invoice's due date) -> "7 December 2026", that same day everywhere. */
export function formatCalendarDay(date: Date): string {
  return calendarDay.format(date);
}

const LAGOS_OFFSET_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** A Date whose UTC fields read as Lagos wall time, for calendar arithmetic with Date.UTC. */
export function lagosWallTime(at: Date): Date {
  return new Date(at.getTime() + LAGOS_OFFSET_MS);
}

/** The instant a Lagos wall time (UTC fields read as Lagos, as lagosWallTime gives) happens at. */
export function fromLagosWallTime(wall: Date): Date {
  return new Date(wall.getTime() - LAGOS_OFFSET_MS);
}

/** An instant's Lagos calendar day as midnight UTC, the way calendar days (invoice due dates) are stored. */
export function lagosCalendarDay(at: Date): Date {
  return new Date(`${lagosDay(at)}T00:00:00Z`);
}

/** "2026-11-23": the Lagos calendar day an instant falls on. */
export function lagosDay(at: Date): string {
  return new Date(at.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight in Lagos at the start of an instant's Lagos day (2026-11-23T10:00Z -> 2026-11-22T23:00Z). */
export function lagosDayStart(at: Date): Date {
  return new Date(Date.parse(`${lagosDay(at)}T00:00:00Z`) - LAGOS_OFFSET_MS);
}

/** The Lagos calendar day before `now`: its YYYY-MM-DD and the UTC instants it starts and ends at. */
export function lagosYesterday(now = new Date()): { day: string; from: Date; to: Date } {
  const lagos = new Date(now.getTime() + LAGOS_OFFSET_MS); // its UTC fields read as Lagos wall time
  const todayStart = Date.UTC(lagos.getUTCFullYear(), lagos.getUTCMonth(), lagos.getUTCDate()) - LAGOS_OFFSET_MS;
  const from = new Date(todayStart - DAY_MS);
  return { day: new Date(from.getTime() + LAGOS_OFFSET_MS).toISOString().slice(0, 10), from, to: new Date(todayStart) };
}

/** A YYYY-MM-DD Lagos day -> the UTC instants it starts and ends at; null if it is not a date. */
export function lagosDayBounds(day: string): { from: Date; to: Date } | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const start = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  if (Number.isNaN(start) || new Date(start).toISOString().slice(0, 10) !== day) return null;
  return { from: new Date(start - LAGOS_OFFSET_MS), to: new Date(start - LAGOS_OFFSET_MS + DAY_MS) };
}
