// Kobo are integers, always. These convert at the edges where naira or strings appear.

export const MIN_AMOUNT_KOBO = 5_000;
/** ₦10 billion: far above any single payment, far below Number.MAX_SAFE_INTEGER. */
export const MAX_AMOUNT_KOBO = 1_000_000_000_000;

/** 5050n -> "50.50" (exact; no floating point). */
export function koboToNairaString(kobo: bigint): string {
  const negative = kobo < 0n;
  const abs = negative ? -kobo : kobo;
  return `${negative ? "-" : ""}${abs / 100n}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/** 50.5, "50.50" or "50" naira -> 5050n kobo. Throws on more than two decimals or non-numbers. */
export function nairaToKobo(naira: number | string): bigint {
  const text = typeof naira === "number" ? naira.toFixed(2) : naira.trim();
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) throw new Error(`Not a naira amount: ${text}`);
  const [, sign, whole, fraction = ""] = match;
  const kobo = BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, "0") || "0");
  return sign ? -kobo : kobo;
}

/** 125050n -> "NGN 1,250.50": exact, and safe where the ₦ glyph is missing (PDF fonts, CSV). */
export function formatNgn(kobo: bigint): string {
  const negative = kobo < 0n;
  const abs = negative ? -kobo : kobo;
  return `${negative ? "-" : ""}NGN ${(abs / 100n).toLocaleString("en-NG")}.${(abs % 100n).toString().padStart(2, "0")}`;
}

/**
 * Naira as a person types it -> kobo, exactly, or null when it is not an amount. Accepts "1250",
 * "1,250.5", "₦1,250.50" and "NGN 1 250"; refuses misplaced commas, signs and more than 2 decimals.
 */
export function parseNairaInput(input: string): bigint | null {
  const text = input
    .trim()
    .replace(/^(₦|NGN)\s*/i, "")
    .replace(/[\s\u00a0]/g, "");
  if (!/^(\d{1,3}(,\d{3})+|\d+)(\.\d{1,2})?$|^\.\d{1,2}$/.test(text)) return null;
  const plain = text.replaceAll(",", "");
  return nairaToKobo(plain.startsWith(".") ? `0${plain}` : plain);
}

/** 125050n -> "1,250.50": how a kobo amount is shown back in a naira input. */
export function koboToNairaInput(kobo: bigint | number): string {
  const [whole, fraction] = koboToNairaString(BigInt(kobo)).split(".");
  return `${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}
