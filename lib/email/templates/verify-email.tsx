import { Heading, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";

export type VerifyEmailProps = { firstName: string; url: string };

export function VerifyEmail({ firstName, url }: VerifyEmailProps) {
  return (
    <EmailLayout preview="Confirm your email address to finish setting up Paylink">
      <Heading as="h1" style={styles.heading}>
        Verify your email address
      </Heading>
      <Text style={styles.text}>Hi {firstName},</Text>
      <Text style={styles.text}>Thanks for signing up for Paylink. Please confirm your email address to finish setting up your account.</Text>
      <EmailAction url={url} label="Verify email address" />
      <Text style={styles.muted}>This link expires in 24 hours.</Text>
      <Text style={styles.muted}>If you didn&apos;t create a Paylink account, you can ignore this email.</Text>
    </EmailLayout>
  );
}

export default VerifyEmail;
