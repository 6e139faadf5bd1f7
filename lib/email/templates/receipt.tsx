import { Column, Heading, Hr, Link, Row, Section, Text } from "@react-email/components";
import { brandColor, EmailAction, EmailLayout, styles } from "./layout";

export type ReceiptEmailProps = {
  businessName: string;
  brandColor?: string | null;
  logoUrl?: string | null;
  customerName: string | null;
  /** What was paid for: a link's title, "Invoice INV-0007", or a description. */
  item: string | null;
  /** An invoice's lines, already formatted. */
  lines: { description: string; quantity: string; total: string }[];
  amount: string;
  method: string | null;
  reference: string;
  /** "23 November 2026, 8:15 pm WAT" */
  date: string;
  supportEmail: string | null;
  supportPhone: string | null;
  receiptUrl: string;
  pdfUrl: string;
  testMode: boolean;
  /** A subscription's payment: the subscriber's page to manage it (update the card, cancel). */
  manageUrl?: string | null;
  /** What it paid of invoices: "₦X paid towards invoice INV-…; ₦Y still due", "… is now paid in full". */
  paidTowards?: string[];
};

const cell = { fontSize: "14px", lineHeight: "22px", color: "#27272a", padding: "6px 0", verticalAlign: "top" } as const;
const label = { ...cell, color: "#52525b", width: "40%" } as const;

/** One label and value row of a details table. */
export function DetailRow({ name, value }: { name: string; value: string }) {
  return (
    <Row>
      <Column style={label}>{name}</Column>
      <Column style={{ ...cell, textAlign: "right", fontWeight: 600, wordBreak: "break-all" }}>{value}</Column>
    </Row>
  );
}

export function ReceiptEmail(props: ReceiptEmailProps) {
  const brand = { name: props.businessName, color: props.brandColor, logoUrl: props.logoUrl };
  const color = brandColor(brand);
  return (
    <EmailLayout preview={`Your receipt from ${props.businessName}: ${props.amount}`} brand={brand}>
      {props.testMode ? <Text style={{ ...styles.muted, color: "#92400e" }}>Test mode: no real money moved.</Text> : null}
      <Heading as="h1" style={styles.heading}>
        Receipt from {props.businessName}
      </Heading>
      <Text style={styles.text}>
        {props.customerName ? `Hello ${props.customerName}, ` : "Hello, "}
        thank you for your payment. {props.businessName} has received <strong>{props.amount}</strong>.
      </Text>
      {(props.paidTowards ?? []).map((sentence, index) => (
        <Text key={index} style={styles.text}>
          <strong>{sentence}.</strong>
        </Text>
      ))}
      {props.lines.length > 0 ? (
        <Section style={{ margin: "0 0 8px" }}>
          {props.lines.map((line, index) => (
            <DetailRow key={index} name={`${line.description} × ${line.quantity}`} value={line.total} />
          ))}
          <Hr style={{ ...styles.hr, margin: "8px 0" }} />
        </Section>
      ) : null}
      <Section>
        {props.item ? <DetailRow name="Paid for" value={props.item} /> : null}
        <DetailRow name="Amount" value={props.amount} />
        {props.method ? <DetailRow name="Method" value={props.method} /> : null}
        <DetailRow name="Reference" value={props.reference} />
        <DetailRow name="Date" value={props.date} />
      </Section>
      <EmailAction url={props.receiptUrl} label="View your receipt" color={color} />
      <Text style={styles.muted}>
        A PDF copy:{" "}
        <Link href={props.pdfUrl} style={{ ...styles.link, color }}>
          {props.pdfUrl}
        </Link>
      </Text>
      {props.manageUrl ? (
        <Text style={styles.muted}>
          Manage your subscription (update your card or cancel):{" "}
          <Link href={props.manageUrl} style={{ ...styles.link, color }}>
            {props.manageUrl}
          </Link>
        </Text>
      ) : null}
      <SupportLine businessName={props.businessName} supportEmail={props.supportEmail} supportPhone={props.supportPhone} color={color} />
    </EmailLayout>
  );
}

/** "Questions about this payment? Contact …": the merchant's own support, never Paylink's. */
export function SupportLine({
  businessName,
  supportEmail,
  supportPhone,
  color,
}: {
  businessName: string;
  supportEmail: string | null;
  supportPhone: string | null;
  color: string;
}) {
  if (!supportEmail && !supportPhone) return null;
  return (
    <Text style={styles.muted}>
      Questions about this payment? Contact {businessName}
      {supportEmail ? (
        <>
          {" "}
          at{" "}
          <Link href={`mailto:${supportEmail}`} style={{ ...styles.link, color }}>
            {supportEmail}
          </Link>
        </>
      ) : null}
      {supportPhone ? `${supportEmail ? " or" : ""} on ${supportPhone}` : null}.
    </Text>
  );
}

export default ReceiptEmail;
