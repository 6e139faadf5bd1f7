import { Heading, Text } from "@react-email/components";
import { brandColor, EmailAction, EmailLayout, quoted, styles } from "./layout";

export type InvoiceEmailProps = {
  businessName: string;
  customerName: string | null;
  invoiceNumber: string;
  total: string;
  /** Set when part is already paid: what is still owed (the e-mail then asks for it, not the total). */
  amountDue?: string | null;
  /** The customer may pay in parts. */
  partialPayments?: boolean;
  dueDate: string | null;
  note: string | null;
  url: string;
  /** The merchant's branding from Settings. */
  brandColor?: string | null;
  logoUrl?: string | null;
  /** "Pay by bank transfer to …" when the customer has an account number of their own. */
  payByTransfer?: string | null;
};

export function InvoiceEmail(props: InvoiceEmailProps) {
  const { businessName, customerName, invoiceNumber, total, amountDue, partialPayments, dueDate, note, url, brandColor: color, logoUrl, payByTransfer } = props;
  const brand = { name: businessName, color, logoUrl };
  return (
    <EmailLayout preview={`${businessName} sent you invoice ${invoiceNumber} for ${total}`} brand={brand}>
      <Heading as="h1" style={styles.heading}>
        Invoice {invoiceNumber} from {businessName}
      </Heading>
      <Text style={styles.text}>
        {customerName ? `Hello ${customerName}, ` : "Hello, "}
        {businessName} has sent you an invoice for <strong>{total}</strong>
        {dueDate ? `, due on ${dueDate}` : ""}.
      </Text>
      {amountDue ? (
        <Text style={styles.text}>
          Part of it is already paid: <strong>{amountDue}</strong> is still due.
        </Text>
      ) : null}
      {partialPayments ? <Text style={styles.text}>You may pay it in parts.</Text> : null}
      {note ? (
        <Text style={styles.text}>
          Note from {quoted(businessName)}: {note}
        </Text>
      ) : null}
      <EmailAction url={url} label="View and pay invoice" color={brandColor(brand)} />
      {payByTransfer ? <Text style={styles.text}>{payByTransfer}.</Text> : null}
      <Text style={styles.muted}>You can pay by card, bank transfer or USSD, and download a PDF copy from the same page.</Text>
    </EmailLayout>
  );
}

export default InvoiceEmail;
