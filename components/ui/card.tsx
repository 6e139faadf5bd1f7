import * as React from "react";

import { cn } from "@/lib/utils";

function Card({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card" className={cn("rounded-xl border bg-card text-card-foreground shadow-card", className)} {...props} />;
}

function CardHeader({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-header" className={cn("flex flex-col gap-1.5 p-5 sm:p-6", className)} {...props} />;
}

type HeadingLevel = "h1" | "h2" | "h3" | "h4" | "div";

export interface CardTitleProps extends React.ComponentProps<"h3"> {
  /** Heading element to render; defaults to h3 so pages keep a sensible outline. */
  as?: HeadingLevel;
}

function CardTitle({ className, as: Comp = "h3", ...props }: CardTitleProps) {
  return <Comp data-slot="card-title" className={cn("text-base font-semibold leading-snug tracking-tight", className)} {...props} />;
}

function CardDescription({ className, ...props }: React.ComponentProps<"p">) {
  return <p data-slot="card-description" className={cn("text-sm text-muted-foreground", className)} {...props} />;
}

function CardContent({ className, ...props }: React.ComponentProps<"div">) {
  return <div data-slot="card-content" className={cn("px-5 pb-5 sm:px-6 sm:pb-6", className)} {...props} />;
}

export { Card, CardHeader, CardTitle, CardDescription, CardContent };
