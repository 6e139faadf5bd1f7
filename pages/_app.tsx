import type { AppProps } from "next/app";
import { OutagePage } from "@/components/hosted/hosted-page";
import { isOutage } from "@/lib/api/page-outage";
import "@/app/globals.css";

// The Pages Router serves only the pages that opt out of runtime JavaScript, which the App Router
// cannot do: the customer-facing hosted pages (pages/pay, invoice, receipt) and log-in (pages/login).
// See docs/payments.md "Payment links, invoices and hosted pages".
export default function HostedApp({ Component, pageProps }: AppProps) {
  // Their getServerSideProps go through withOutagePage: a database outage gets one friendly page.
  if (isOutage(pageProps)) return <OutagePage />;
  return <Component {...pageProps} />;
}
