import { Heading, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";

export type InvitationProps = { inviterName: string; businessName: string; role: string; url: string };

/** "ADMIN" -> "Admin", "team_member" -> "Team member"; anything else is shown as given. */
export function roleLabel(role: string): string {
  if (!/^[A-Za-z_]+$/.test(role)) return role;
  const words = role.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function Invitation({ inviterName, businessName, role, url }: InvitationProps) {
  return (
    <EmailLayout preview={`${inviterName} invited you to join ${businessName} on Paylink`}>
      <Heading as="h1" style={styles.heading}>
        Join {businessName} on Paylink
      </Heading>
      <Text style={styles.text}>
        {inviterName} has invited you to join <strong>{businessName}</strong> on Paylink with the <strong>{roleLabel(role)}</strong> role.
      </Text>
      <Text style={styles.text}>Accept the invitation to get access to the team&apos;s dashboard.</Text>
      <EmailAction url={url} label="Accept invitation" />
      <Text style={styles.muted}>This invitation expires in 7 days.</Text>
      <Text style={styles.muted}>If you weren&apos;t expecting this invitation, you can ignore this email.</Text>
    </EmailLayout>
  );
}

export default Invitation;
