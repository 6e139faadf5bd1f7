import { Heading, Section, Text } from "@react-email/components";
import { brandColor, EmailAction, EmailLayout, styles } from "./layout";
import { DetailRow, SupportLine } from "./receipt";

export type RefundEmailProps = {
  businessName: string;
  brandColor?: string | null;
  logoUrl?: string | null;
  customerName: string | null;
  item: string | null;
  /** This refund. */
  amount: string;
  /** What was paid. */
  paid: string;
  full: boolean;
  reference: string;
  supportEmail: string | null;
  supportPhone: string | null;
  receiptUrl: string;
  testMode: boolean;
};

export function RefundEmail(props: RefundEmailProps) {
  const brand = { name: props.businessName, color: props.brandColor, logoUrl: props.logoUrl };
  const color = brandColor(brand);
  return (
    <EmailLayout preview={`${props.businessName} refunded ${props.amount}`} brand={brand}>
      {props.testMode ? <Text style={{ ...styles.muted, color: "#92400e" }}>Test mode: no real money moved.</Text> : null}
      <Heading as="h1" style={styles.heading}>
        {props.businessName} refunded {props.amount}
      </Heading>
      <Text style={styles.text}>
        {props.customerName ? `Hello ${props.customerName}, ` : "Hello, "}
        {props.full ? "your payment" : "part of your payment"} of {props.paid} to {props.businessName} has been refunded. Depending on your bank, it can take a
        few working days to reach your account.
      </Text>
      <Section>
        {props.item ? <DetailRow name="Paid for" value={props.item} /> : null}
        <DetailRow name="Refunded" value={props.amount} />
        <DetailRow name="Reference" value={props.reference} />
      </Section>
      <EmailAction url={props.receiptUrl} label="View the payment" color={color} />
      <SupportLine businessName={props.businessName} supportEmail={props.supportEmail} supportPhone={props.supportPhone} color={color} />
    </EmailLayout>
  );
}

export default RefundEmail;
