import type { AppProps } from "next/app";
import "@/app/globals.css";

// The Pages Router serves only the customer-facing hosted pages (pages/pay, pages/invoice): they
// opt out of runtime JavaScript, which the App Router cannot do. See README "Hosted pages".
export default function HostedApp({ Component, pageProps }: AppProps) {
  return <Component {...pageProps} />;
}
