import { Heading, Link, Section, Text } from "@react-email/components";
import { EmailAction, EmailLayout, styles } from "./layout";
import { DetailRow } from "./receipt";

export type DailySummaryProps = {
  businessName: string;
  /** "22 November 2026" */
  day: string;
  /** Live payments (what the business earned), then test ones, each only when there were any. */
  live: { count: number; total: string } | null;
  test: { count: number; total: string } | null;
  url: string;
  settingsUrl: string;
};

const payments = (count: number) => `${count} ${count === 1 ? "payment" : "payments"}`;

export function DailySummary({ businessName, day, live, test, url, settingsUrl }: DailySummaryProps) {
  const headline = live ? `${payments(live.count)}, ${live.total}` : `${payments(test?.count ?? 0)} in test mode`;
  return (
    <EmailLayout preview={`${businessName} on ${day}: ${headline}`}>
      <Heading as="h1" style={styles.heading}>
        {businessName} on {day}
      </Heading>
      <Text style={styles.text}>
        {live ? (
          <>
            Yesterday {businessName} received <strong>{payments(live.count)}</strong> totalling <strong>{live.total}</strong>.
          </>
        ) : (
          <>Yesterday {businessName} received no live payments.</>
        )}
      </Text>
      <Section>
        {live ? <DetailRow name="Payments" value={String(live.count)} /> : null}
        {live ? <DetailRow name="Total" value={live.total} /> : null}
        {test ? <DetailRow name="Test payments" value={`${test.count} · ${test.total}`} /> : null}
      </Section>
      <EmailAction url={url} label="Open your dashboard" />
      <Text style={styles.muted}>
        Times are in Lagos (WAT). You get this summary because &quot;Daily summary&quot; is on for {businessName}; days without payments send nothing. Change it
        in{" "}
        <Link href={settingsUrl} style={styles.link}>
          Settings
        </Link>
        .
      </Text>
    </EmailLayout>
  );
}

export default DailySummary;
