// Invoice arithmetic in integers: quantities carry up to 4 decimals, so work in ten-thousandths.
const SCALE = 10_000n;

/** 2.5 -> 25000n (quantity in ten-thousandths). */
export function quantityUnits(quantity: number): bigint {
  return BigInt(Math.round(quantity * 10_000));
}

/** amount × quantity in kobo, or null when that is not a whole number of kobo. */
export function lineTotal(amount: number | bigint, quantity: number): bigint | null {
  const scaled = BigInt(amount) * quantityUnits(quantity);
  return scaled % SCALE === 0n ? scaled / SCALE : null;
}

/** The invoice total in kobo, or null when any line is not a whole number of kobo. */
export function totalOf(items: { amount: number | bigint; quantity: number }[]): bigint | null {
  let total = 0n;
  for (const item of items) {
    const line = lineTotal(item.amount, item.quantity);
    if (line === null) return null;
    total += line;
  }
  return total;
}
