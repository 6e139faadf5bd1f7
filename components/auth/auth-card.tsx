import * as React from "react";

import { Alert } from "@/components/ui/alert";
import { Button, type ButtonProps } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { cn } from "@/lib/utils";

export interface AuthCardProps {
  title: React.ReactNode;
  description?: React.ReactNode;
  /** Optional icon shown above the title (used by confirmation panels). */
  icon?: React.ReactNode;
  /** Tone of the icon circle. */
  tone?: "default" | "success" | "error";
  /** When given, the heading becomes focusable so it can receive focus after a panel swap. */
  titleRef?: React.Ref<HTMLHeadingElement>;
  children?: React.ReactNode;
  /** Content under the card, e.g. "Already have an account? Log in". */
  below?: React.ReactNode;
}

export function AuthCard({ title, description, icon, tone = "default", titleRef, children, below }: AuthCardProps) {
  return (
    <>
      <Card className="shadow-sm">
        <CardHeader className="gap-2 pb-2 sm:pb-2">
          {icon ? (
            <div
              aria-hidden="true"
              className={cn(
                "mb-2 flex size-11 items-center justify-center rounded-full [&_svg]:size-5",
                tone === "success" && "bg-success-soft text-success-soft-foreground",
                tone === "error" && "bg-destructive-soft text-destructive-soft-foreground",
                tone === "default" && "bg-accent text-accent-foreground",
              )}
            >
              {icon}
            </div>
          ) : null}
          <CardTitle as="h1" ref={titleRef} tabIndex={titleRef ? -1 : undefined} className="text-xl font-semibold focus:outline-none sm:text-2xl">
            {title}
          </CardTitle>
          {description ? <CardDescription className="text-sm leading-relaxed sm:text-base">{description}</CardDescription> : null}
        </CardHeader>
        {children ? <CardContent className="pt-4">{children}</CardContent> : null}
      </Card>
      {below ? <div className="mt-6 text-center text-sm text-muted-foreground">{below}</div> : null}
    </>
  );
}

/**
 * Inline text link used under and inside auth forms. A plain link: log-in is a Pages Router page
 * (pages/login.tsx), which the App Router's <Link> cannot prefetch or open client-side.
 */
export function AuthLink({ className, ...props }: React.ComponentProps<"a">) {
  return <a className={cn("rounded-sm font-medium text-primary underline-offset-4 hover:underline", className)} {...props} />;
}

export interface AuthFormProps extends Omit<React.ComponentProps<"form">, "className" | "noValidate"> {
  /** The failure to show above the fields (null: none). */
  error: string | null;
  /** Something to offer with the error, e.g. a link to request a new one. */
  errorAction?: React.ReactNode;
  busy: boolean;
  /** The submit button's text, and its text while the request runs. */
  submitLabel: string;
  busyLabel: string;
}

/** An auth card's form: the error on top, the fields, then one full-width submit button. */
export function AuthForm({ error, errorAction, busy, submitLabel, busyLabel, children, ...form }: AuthFormProps) {
  return (
    <form noValidate className="grid gap-5" {...form}>
      {error ? (
        <Alert variant="error" action={errorAction}>
          {error}
        </Alert>
      ) : null}
      {children}
      <Button type="submit" className="w-full" loading={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </form>
  );
}

export interface AuthResultProps extends Omit<AuthCardProps, "children"> {
  /** What happened, in more words (an alert or a paragraph). */
  children?: React.ReactNode;
  /** Where to go next: an `<a>` or `<Link>`, shown as a full-width button. */
  next: React.ReactElement;
  nextVariant?: ButtonProps["variant"];
}

/** The card shown once an auth step is over (sent, changed, verified, joined…): what happened, and one way on. */
export function AuthResult({ children, next, nextVariant, ...card }: AuthResultProps) {
  return (
    <AuthCard {...card}>
      <div className="grid gap-4">
        {children}
        <Button asChild variant={nextVariant} className="w-full">
          {next}
        </Button>
      </div>
    </AuthCard>
  );
}
