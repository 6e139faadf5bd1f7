import { Heading, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";

export type ResetPasswordProps = { firstName: string; url: string };

export function ResetPassword({ firstName, url }: ResetPasswordProps) {
  return (
    <EmailLayout preview="Reset your Paylink password">
      <Heading as="h1" style={styles.heading}>
        Reset your password
      </Heading>
      <Text style={styles.text}>Hi {firstName},</Text>
      <Text style={styles.text}>We received a request to reset the password for your Paylink account. Choose a new password with the button below.</Text>
      <EmailAction url={url} label="Reset password" />
      <Text style={styles.muted}>This link expires in 1 hour and can be used once.</Text>
      <Text style={styles.muted}>If you didn&apos;t ask, ignore this email: your password stays the same.</Text>
    </EmailLayout>
  );
}

export default ResetPassword;
