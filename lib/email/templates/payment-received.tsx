import { Heading, Link, Section, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";
import { DetailRow } from "./receipt";

export type PaymentReceivedProps = {
  businessName: string;
  amount: string;
  customer: string;
  item: string | null;
  method: string | null;
  reference: string;
  date: string;
  url: string;
  settingsUrl: string;
  testMode: boolean;
};

/** To a member who asked for it: one payment just completed. */
export function PaymentReceived(props: PaymentReceivedProps) {
  return (
    <EmailLayout preview={`${props.customer} paid ${props.businessName} ${props.amount}`}>
      {props.testMode ? <Text style={{ ...styles.muted, color: "#92400e" }}>Test mode: no real money moved.</Text> : null}
      <Heading as="h1" style={styles.heading}>
        You&apos;ve been paid {props.amount}
      </Heading>
      <Text style={styles.text}>
        {props.customer} paid {props.businessName} <strong>{props.amount}</strong>
        {props.item ? ` for ${props.item}` : ""}.
      </Text>
      <Section>
        <DetailRow name="Amount" value={props.amount} />
        {props.method ? <DetailRow name="Method" value={props.method} /> : null}
        <DetailRow name="Reference" value={props.reference} />
        <DetailRow name="Date" value={props.date} />
      </Section>
      <EmailAction url={props.url} label="View the payment" />
      <Text style={styles.muted}>
        You get this e-mail because &quot;E-mail me when I&apos;m paid&quot; is on for {props.businessName}. Change it in{" "}
        <Link href={props.settingsUrl} style={styles.link}>
          Settings
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}

export default PaymentReceived;
