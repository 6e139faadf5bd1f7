// An integration as an outside project writes it, against the built package only. No Node types
// (tsconfig "types": []): the SDK's public signatures must not need them.
import { createPaylinkClient, PaylinkError, webhooks, type PaylinkEvent, type Transaction } from "@paylink/sdk";

export type FlowResult = {
  reference: string;
  verifiedStatus: Transaction["status"];
  listedByKey: number;
  iterated: number;
  triggered: string;
  errorCode: string | null;
  errorStatus: number;
  verifiedBytes: string;
};

export async function run(baseUrl: string, secretKey: string): Promise<FlowResult> {
  const paylink = createPaylinkClient({ baseUrl, secretKey, timeoutMs: 10_000 });

  const payment = await paylink.transactions.initiate({ amount: 250_000, email: "consumer@example.com" });
  // @ts-expect-error amounts are integers in kobo: a string must not type-check (proves the types are not `any`)
  void (() => paylink.transactions.initiate({ amount: "2500", email: "consumer@example.com" }));

  const { data } = await paylink.transactions.verify(payment.reference);
  const verifiedStatus: Transaction["status"] = data.status;

  // With a key, no merchantId: the key names its merchant.
  const page = await paylink.transactions.list({ limit: 1 });
  const hasMore: boolean | undefined = page.hasMore;
  let iterated = 0;
  for await (const transaction of paylink.transactions.list({ limit: 1 })) {
    const amount: number = transaction.amount;
    if (amount > 0) iterated++;
  }

  const event = await paylink.events.trigger("transaction.completed");

  let errorCode: string | null = null;
  let errorStatus = 0;
  try {
    await paylink.transactions.refund(payment.transactionId, { amount: 1 });
  } catch (error) {
    if (!(error instanceof PaylinkError)) throw error;
    errorCode = error.code;
    errorStatus = error.status;
  }

  // A delivery verified from bytes, as a fetch-based receiver has them.
  const secret = webhooks.generateSecret();
  const body = JSON.stringify(event);
  const headers = webhooks.sign(body, secret, event.id);
  const verified: PaylinkEvent = webhooks.verify(new TextEncoder().encode(body), new Headers(headers), secret);
  const verifiedBytes = verified.type === "webhook.test" ? verified.data.message : verified.id;

  return {
    reference: payment.reference,
    verifiedStatus,
    listedByKey: page.data.length + (hasMore ? 1 : 0),
    iterated,
    triggered: event.type,
    errorCode,
    errorStatus,
    verifiedBytes,
  };
}
