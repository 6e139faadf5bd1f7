import Link from "next/link";

import { Logo } from "@/components/brand/logo";

/** The frame of the sign-up and log-in pages: logo, one centred column, footer. Server-rendered only. */
export function AuthFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <header className="flex justify-center px-4 pt-8 sm:pt-14">
        <Link href="/" className="rounded-md" aria-label="Paylink home">
          <Logo className="text-xl" />
        </Link>
      </header>
      <main id="main" className="flex flex-1 justify-center px-4 py-8 sm:py-10">
        <div className="w-full max-w-md">{children}</div>
      </main>
      <footer className="px-4 pb-8 text-center text-xs text-muted-foreground sm:text-sm">
        &copy; {new Date().getFullYear()} Paylink · Secure payments for Nigerian businesses
      </footer>
    </div>
  );
}
