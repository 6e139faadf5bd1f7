import { Head, Html, Main, NextScript } from "next/document";

export default function HostedDocument() {
  return (
    <Html lang="en">
      <Head />
      <body className="min-h-dvh bg-background font-sans text-foreground antialiased">
        <Main />
        <NextScript />
      </body>
    </Html>
  );
}
