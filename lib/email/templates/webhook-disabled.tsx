import { Heading, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";

export type WebhookDisabledProps = { businessName: string; endpointUrl: string; url: string };

export function WebhookDisabled({ businessName, endpointUrl, url }: WebhookDisabledProps) {
  return (
    <EmailLayout preview={`A webhook endpoint of ${businessName} was disabled`}>
      <Heading as="h1" style={styles.heading}>
        Webhook endpoint disabled
      </Heading>
      <Text style={styles.text}>
        Every delivery to <strong>{endpointUrl}</strong> for {businessName} has failed for several days, so we stopped sending events to it.
      </Text>
      <Text style={styles.text}>Fix the endpoint, enable it again and resend the failed deliveries from the delivery log.</Text>
      <EmailAction url={url} label="Open webhooks" />
    </EmailLayout>
  );
}

export default WebhookDisabled;
