// When a processor pays a payment out to the merchant. Paystack and Flutterwave settle Nigerian bank
// accounts T+1: on the first business day after the payment's Lagos calendar day, skipping weekends
// and Nigerian public holidays (so Friday's, Saturday's and Sunday's payments arrive together on
// Monday). The sandbox follows the same schedule. Only a split charge (one that carried the
// merchant's subaccount at initiation) is paid out at all: see Transaction.subaccountCode.
// Client-safe: no server code. Each processor's delay in business days is in its catalog entry.
import { catalogEntry, type ProcessorName } from "@/lib/processors/catalog";

/** Fixed-date public holidays (MM-DD): New Year's Day, Workers' Day, Democracy Day, Independence Day, Christmas, Boxing Day. */
const FIXED_HOLIDAYS = ["01-01", "05-01", "06-12", "10-01", "12-25", "12-26"];

const DAY_MS = 24 * 60 * 60 * 1000;

/** "2026-11-27" plus n calendar days. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

const isWeekend = (day: string) => [0, 6].includes(new Date(`${day}T00:00:00Z`).getUTCDay());

/** Easter Sunday of a Gregorian year (the anonymous Gregorian algorithm), as YYYY-MM-DD. */
function easterSunday(year: number): string {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return `${year}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

const holidayYears = new Map<number, Set<string>>();

/**
 * A year's banking holidays: the fixed ones (one on a weekend is observed on the next working day, as
 * the Federal Government declares), Good Friday and Easter Monday. The lunar ones (Eid al-Fitr, Eid
 * al-Adha, Mawlid) are declared only days before, so they are not here: around them a payout can come
 * a day or two after the date we expect.
 */
function holidaysOf(year: number): Set<string> {
  const cached = holidayYears.get(year);
  if (cached) return cached;
  const easter = easterSunday(year);
  const days = new Set([addDays(easter, -2), addDays(easter, 1)]);
  for (const monthDay of FIXED_HOLIDAYS) {
    const day = `${year}-${monthDay}`;
    if (!isWeekend(day)) {
      days.add(day);
      continue;
    }
    let observed = addDays(day, 1);
    while (isWeekend(observed) || days.has(observed) || FIXED_HOLIDAYS.includes(observed.slice(5))) observed = addDays(observed, 1);
    days.add(observed);
  }
  holidayYears.set(year, days);
  return days;
}

/** A day banks settle on: a weekday that is not a Nigerian public holiday. */
export function isBusinessDay(day: string): boolean {
  return !isWeekend(day) && !holidaysOf(Number(day.slice(0, 4))).has(day);
}

/** The Lagos day a payment made on `paidDay` (its Lagos calendar day) reaches the merchant's bank. */
export function settlementDay(processor: ProcessorName, paidDay: string): string {
  let day = paidDay;
  for (let left = catalogEntry(processor).settlementDelayDays; left > 0; left--) {
    day = addDays(day, 1);
    while (!isBusinessDay(day)) day = addDays(day, 1);
  }
  return day;
}
