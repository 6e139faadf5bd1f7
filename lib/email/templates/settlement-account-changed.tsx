import { Heading, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";

export type SettlementAccountChangedProps = {
  businessName: string;
  bankName: string;
  accountNumberLast4: string;
  accountName: string;
  changedBy: string;
  /** When, in Lagos time ("23 November 2026, 8:15 pm WAT"). */
  changedAt: string;
  url: string;
};

export function SettlementAccountChanged({
  businessName,
  bankName,
  accountNumberLast4,
  accountName,
  changedBy,
  changedAt,
  url,
}: SettlementAccountChangedProps) {
  return (
    <EmailLayout preview={`The settlement account of ${businessName} was changed`}>
      <Heading as="h1" style={styles.heading}>
        Your settlement account was changed
      </Heading>
      <Text style={styles.text}>
        On {changedAt}, {changedBy} set the account {businessName}&apos;s payouts go to: <strong>{accountName}</strong>, {bankName}, account ending{" "}
        <strong>{accountNumberLast4}</strong>.
      </Text>
      <Text style={styles.text}>If you did not expect this, sign in now, change it back and review your team&apos;s access.</Text>
      <EmailAction url={url} label="Review payout settings" />
    </EmailLayout>
  );
}

export default SettlementAccountChanged;
