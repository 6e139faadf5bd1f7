import { Heading, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";

export type SettlementAccountMismatchProps = {
  businessName: string;
  /** "Paystack (live payments)". */
  where: string;
  processorBank: string;
  processorAccountLast4: string;
  ourBank: string;
  ourAccountLast4: string;
  url: string;
};

export function SettlementAccountMismatch({
  businessName,
  where,
  processorBank,
  processorAccountLast4,
  ourBank,
  ourAccountLast4,
  url,
}: SettlementAccountMismatchProps) {
  return (
    <EmailLayout preview={`${businessName}'s payouts may be going to another bank account`}>
      <Heading as="h1" style={styles.heading}>
        Check your settlement account
      </Heading>
      <Text style={styles.text}>
        Our daily check found that {where} pays {businessName}&apos;s share into {processorBank}, account ending <strong>{processorAccountLast4}</strong>, but
        your settlement account is {ourBank}, account ending <strong>{ourAccountLast4}</strong>.
      </Text>
      <Text style={styles.text}>
        Our team has been alerted. Sign in and save your settlement account again to put it right; if you did not expect a change, review your team&apos;s
        access too.
      </Text>
      <EmailAction url={url} label="Review payout settings" />
    </EmailLayout>
  );
}

export default SettlementAccountMismatch;
