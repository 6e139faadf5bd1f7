/** An open invoice's customer's own account number: plain text, so it works with no JavaScript. */
export function PayByTransfer({ text }: { text: string }) {
  return (
    <section aria-labelledby="pay-by-transfer-heading" className="space-y-1 rounded-md border bg-muted/40 p-3 text-sm">
      <h2 id="pay-by-transfer-heading" className="font-semibold">
        Or pay by bank transfer
      </h2>
      <p data-testid="pay-by-transfer" className="break-words">
        {text}
      </p>
      <p className="text-xs text-muted-foreground">This account number is yours: what you send pays your open invoices from this business, oldest first.</p>
    </section>
  );
}
