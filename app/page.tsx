import Link from "next/link";
import { ArrowRight, CodeXml, FileText, Link2, Lock, ShieldCheck, Smartphone } from "lucide-react";

import { Logo } from "@/components/brand/logo";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { FeeTermsList } from "@/components/payouts/fee-terms";
import { feeTerms } from "@/lib/payouts/fee-quote";
import { formatNaira } from "@/lib/utils";

const features = [
  {
    icon: Link2,
    title: "Payment links",
    description: "Create a link in seconds and share it on WhatsApp, Instagram or SMS. Customers pay from any phone.",
  },
  {
    icon: FileText,
    title: "Invoices",
    description: "Send itemised invoices in naira with due dates. We remind customers and mark them paid for you.",
  },
  {
    icon: CodeXml,
    title: "Developer API",
    description: "Accept payments in your own app with a clean REST API, test keys and signed webhooks.",
  },
] as const;

const recent = [
  { name: "Chiamaka O.", amount: 2_500_000, status: "Successful" },
  { name: "Tunde A.", amount: 1_250_050, status: "Successful" },
  { name: "Halima B.", amount: 780_000, status: "Pending" },
] as const;

export default function HomePage() {
  const { processor, platform, example } = feeTerms();
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-40 border-b bg-background/90 backdrop-blur supports-[backdrop-filter]:bg-background/75">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
          <Link href="/" className="rounded-md" aria-label="Paylink home">
            <Logo />
          </Link>
          <nav aria-label="Account" className="flex items-center gap-1 sm:gap-2">
            <Button asChild variant="ghost">
              <a href="/login">Log in</a>
            </Button>
            <Button asChild>
              <Link href="/signup">Get started</Link>
            </Button>
          </nav>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section className="relative overflow-hidden">
          <div
            aria-hidden="true"
            className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-[520px] bg-[radial-gradient(60%_60%_at_50%_0%,var(--accent),transparent)]"
          />
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 pb-16 pt-12 sm:px-6 sm:pt-20 lg:grid-cols-[1.1fr_1fr] lg:pb-24">
            <div className="max-w-xl">
              <Badge variant="secondary" className="mb-5">
                Built for Nigerian businesses
              </Badge>
              <h1 className="text-4xl font-semibold leading-[1.1] tracking-tight text-balance sm:text-5xl">Collect payments in naira, from anywhere</h1>
              <p className="mt-5 text-lg leading-relaxed text-muted-foreground text-pretty">
                Share a payment link, send an invoice or plug in our API. Your customers pay by card or bank transfer, and you see every naira in one calm
                dashboard.
              </p>
              <div className="mt-8 flex flex-col gap-3 sm:flex-row">
                <Button asChild size="lg">
                  <Link href="/signup">
                    Create a free account
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
                <Button asChild size="lg" variant="outline">
                  <a href="/login">Log in to dashboard</a>
                </Button>
              </div>
              <ul className="mt-8 flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-6">
                <li className="flex items-center gap-2">
                  <ShieldCheck className="size-4 text-primary" aria-hidden="true" />
                  Test mode included
                </li>
                <li className="flex items-center gap-2">
                  <Lock className="size-4 text-primary" aria-hidden="true" />
                  Signed, verifiable webhooks
                </li>
                <li className="flex items-center gap-2">
                  <Smartphone className="size-4 text-primary" aria-hidden="true" />
                  Fast checkout on any phone
                </li>
              </ul>
            </div>

            {/* Product preview: static, decorative markup (no images to download). */}
            <div aria-hidden="true" className="relative mx-auto w-full max-w-md select-none">
              <Card className="relative z-10">
                <CardHeader className="border-b">
                  <div className="flex items-center justify-between">
                    <div>
                      <p className="text-sm text-muted-foreground">Ada&apos;s Kitchen</p>
                      <p className="text-base font-semibold">Catering deposit</p>
                    </div>
                    <Badge variant="warning" dot>
                      Test mode
                    </Badge>
                  </div>
                </CardHeader>
                <CardContent className="pt-5 sm:pt-6">
                  <p className="text-sm text-muted-foreground">Amount due</p>
                  <p className="mt-1 text-3xl font-semibold tracking-tight tabular-nums">{formatNaira(2_500_000)}</p>
                  <div className="mt-5 flex h-11 items-center justify-center rounded-md bg-primary text-sm font-medium text-primary-foreground">
                    Pay {formatNaira(2_500_000)}
                  </div>
                  <p className="mt-3 flex items-center justify-center gap-1.5 text-xs text-muted-foreground">
                    <Lock className="size-3" /> Secured by Paylink
                  </p>
                </CardContent>
              </Card>
              <Card className="relative z-0 -mt-4 ml-4 mr-2 pt-4 sm:ml-10 sm:mr-0">
                <ul className="divide-y px-5 py-2">
                  {recent.map((row) => (
                    <li key={row.name} className="flex items-center justify-between gap-3 py-3 text-sm">
                      <span className="font-medium">{row.name}</span>
                      <span className="flex items-center gap-3">
                        <span className="tabular-nums">{formatNaira(row.amount)}</span>
                        <Badge variant={row.status === "Successful" ? "success" : "warning"}>{row.status}</Badge>
                      </span>
                    </li>
                  ))}
                </ul>
              </Card>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-heading" className="border-t bg-surface">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
            <div className="max-w-2xl">
              <h2 id="features-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
                Everything you need to get paid
              </h2>
              <p className="mt-3 text-muted-foreground">Start with a link today. Grow into invoices and a full integration when you are ready.</p>
            </div>
            <ul className="mt-10 grid gap-4 sm:gap-6 md:grid-cols-3">
              {features.map(({ icon: Icon, title, description }) => (
                <li key={title}>
                  <Card className="h-full">
                    <CardHeader>
                      <div className="mb-3 flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                        <Icon className="size-5" aria-hidden="true" />
                      </div>
                      <CardTitle>{title}</CardTitle>
                      <CardDescription className="leading-relaxed">{description}</CardDescription>
                    </CardHeader>
                  </Card>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section id="pricing" aria-labelledby="pricing-heading" className="border-t">
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 sm:py-20">
            <div className="max-w-2xl">
              <h2 id="pricing-heading" className="text-2xl font-semibold tracking-tight sm:text-3xl">
                Pricing
              </h2>
              <p className="mt-3 text-muted-foreground">
                No set-up or monthly fee. You pay per successful payment: the payment processor&apos;s fee and ours, both taken before the money reaches your
                bank account. Test mode is free.
              </p>
            </div>
            <FeeTermsList terms={{ processor, platform, example }} className="mt-8 max-w-3xl" />
          </div>
        </section>

        <section className="border-t bg-surface">
          <div className="mx-auto flex max-w-6xl flex-col items-start gap-6 px-4 py-14 sm:px-6 md:flex-row md:items-center md:justify-between">
            <div>
              <h2 className="text-xl font-semibold tracking-tight">Ready to take your first payment?</h2>
              <p className="mt-2 text-muted-foreground">Create an account in under two minutes. No card required.</p>
            </div>
            <Button asChild size="lg">
              <Link href="/signup">Get started</Link>
            </Button>
          </div>
        </section>
      </main>

      <footer className="border-t bg-surface">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
          <p>&copy; {new Date().getFullYear()} Paylink. Payments for Nigerian businesses.</p>
          <nav aria-label="Footer" className="flex gap-6">
            <a href="#pricing" className="rounded-sm hover:text-foreground hover:underline">
              Pricing
            </a>
            <a href="/login" className="rounded-sm hover:text-foreground hover:underline">
              Log in
            </a>
            <Link href="/signup" className="rounded-sm hover:text-foreground hover:underline">
              Sign up
            </Link>
          </nav>
        </div>
      </footer>
    </div>
  );
}
