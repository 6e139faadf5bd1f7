import { Heading, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";

export type AutoRefundProps = { businessName: string; amount: string; reference: string; customerEmail: string; reason: string; url: string };

export function AutoRefund({ businessName, amount, reference, customerEmail, reason, url }: AutoRefundProps) {
  return (
    <EmailLayout preview={`A payment of ${amount} to ${businessName} was refunded automatically`}>
      <Heading as="h1" style={styles.heading}>
        A payment was refunded automatically
      </Heading>
      <Text style={styles.text}>
        {customerEmail} paid {amount} to {businessName} (reference <strong>{reference}</strong>), but it was one payment too many:{" "}
        {reason.replace(/; refunded automatically$|; this payment was refunded automatically$/, "")}.
      </Text>
      <Text style={styles.text}>We refunded it in full through the payment processor. You do not need to do anything.</Text>
      <EmailAction url={url} label="View the payment" />
    </EmailLayout>
  );
}

export default AutoRefund;
