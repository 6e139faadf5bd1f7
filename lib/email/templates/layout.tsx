import type { CSSProperties, ReactNode } from "react";
import { Body, Button, Container, Head, Hr, Html, Img, Link, Preview, Section, Text } from "@react-email/components";

/** Paylink's brand colour (Tailwind teal-700). */
export const BRAND = "#0f766e";

const fontFamily = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif';

export const styles = {
  body: { backgroundColor: "#f4f4f5", margin: 0, padding: "24px 0", fontFamily },
  container: { maxWidth: "560px", width: "100%", margin: "0 auto", padding: "0 12px" },
  wordmark: { fontSize: "24px", lineHeight: "32px", fontWeight: 700, color: BRAND, margin: "0 0 16px", letterSpacing: "-0.5px" },
  card: { backgroundColor: "#ffffff", borderRadius: "8px", border: "1px solid #e4e4e7", padding: "32px 24px" },
  heading: { fontSize: "22px", lineHeight: "30px", fontWeight: 700, color: "#18181b", margin: "0 0 16px" },
  text: { fontSize: "16px", lineHeight: "26px", color: "#27272a", margin: "0 0 16px" },
  muted: { fontSize: "14px", lineHeight: "22px", color: "#52525b", margin: "0 0 12px" },
  button: {
    backgroundColor: BRAND,
    color: "#ffffff",
    fontSize: "16px",
    fontWeight: 600,
    lineHeight: "24px",
    textDecoration: "none",
    textAlign: "center",
    display: "block",
    borderRadius: "8px",
    padding: "14px 24px",
  },
  link: { color: BRAND, fontSize: "14px", lineHeight: "22px", wordBreak: "break-all" },
  hr: { borderColor: "#e4e4e7", margin: "24px 0" },
  footer: { fontSize: "12px", lineHeight: "20px", color: "#71717a", margin: "16px 0 0", textAlign: "center" },
} satisfies Record<string, CSSProperties>;

/** A merchant's branding (Settings), for e-mails sent on its behalf to its customers. */
export type EmailBrand = { name: string; color?: string | null; logoUrl?: string | null };
const HEX = /^#[0-9a-fA-F]{6}$/;
export const brandColor = (brand?: EmailBrand) => (brand?.color && HEX.test(brand.color) ? brand.color : BRAND);

/** A business's name as quoted in e-mails sent on its behalf: plainly someone else's words, whatever it says. */
export const quoted = (name: string) => `“${name}”`;

function merchantFooter(name: string): string {
  return (
    `Sent by Paylink on behalf of ${quoted(name)}, a business using Paylink. ${quoted(name)} wrote its name and the descriptions in this e-mail, not Paylink. ` +
    "Paylink never asks for your password or card details by e-mail."
  );
}

export type EmailLayoutProps = {
  /** Inbox preview line (hidden in the body). */
  preview: string;
  children: ReactNode;
  brand?: EmailBrand;
};

/** The frame every Paylink e-mail shares: wordmark (or the merchant's logo and name), white card, footer. */
export function EmailLayout({ preview, children, brand }: EmailLayoutProps) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          {brand?.logoUrl ? <Img src={brand.logoUrl} alt={brand.name} height="40" style={{ margin: "0 0 16px", maxWidth: "200px" }} /> : null}
          {brand && !brand.logoUrl ? <Text style={{ ...styles.wordmark, color: brandColor(brand) }}>{brand.name}</Text> : null}
          {brand ? null : <Text style={styles.wordmark}>Paylink</Text>}
          <Section style={styles.card}>{children}</Section>
          {/* A merchant's customers have no Paylink account: tell them who sent it, and that its words are the business's, not Paylink's. */}
          <Text style={styles.footer}>{brand ? merchantFooter(brand.name) : "You received this email because of an action on your Paylink account."}</Text>
        </Container>
      </Body>
    </Html>
  );
}

/** A full-width call-to-action button followed by the plain link, for clients that block buttons. */
export function EmailAction({ url, label, color = BRAND }: { url: string; label: string; color?: string }) {
  return (
    <>
      <Section style={{ margin: "24px 0" }}>
        <Button href={url} style={{ ...styles.button, backgroundColor: color }}>
          {label}
        </Button>
      </Section>
      <Hr style={styles.hr} />
      <Text style={styles.muted}>If the button doesn&apos;t work, copy and paste this link into your browser:</Text>
      <Text style={{ margin: "0 0 16px" }}>
        <Link href={url} style={{ ...styles.link, color }}>
          {url}
        </Link>
      </Text>
    </>
  );
}
