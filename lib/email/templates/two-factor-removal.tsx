import { Heading, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";

export type TwoFactorRemovalProps = { firstName: string; waitHours: number; dueAt: string; url: string };

export function TwoFactorRemoval({ firstName, waitHours, dueAt, url }: TwoFactorRemovalProps) {
  return (
    <EmailLayout preview="Two-factor sign-in will be removed from your Paylink account">
      <Heading as="h1" style={styles.heading}>
        Two-factor sign-in will be removed
      </Heading>
      <Text style={styles.text}>
        Hi {firstName}, your password was reset with a request to remove two-factor sign-in from your account. It will be removed in {waitHours} hours ({dueAt}
        ), at your next log-in after that.
      </Text>
      <Text style={styles.text}>
        If this was not you, log in now with your password and a code from your authenticator app (or a recovery code): that cancels the removal. Then reset
        your password again and secure your e-mail account.
      </Text>
      <EmailAction url={url} label="Log in" />
    </EmailLayout>
  );
}

export default TwoFactorRemoval;
