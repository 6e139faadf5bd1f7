"use client";

import * as React from "react";
import Link from "next/link";
import { Pause, Pencil, Play } from "lucide-react";

import { Button, type ButtonProps } from "@/components/ui/button";
import { useApiAction } from "@/components/ui/use-api-action";

export interface ActiveToggleButtonProps {
  active: boolean;
  /** The button's text: [when on, when off]. */
  labels: [string, string];
  method: "PUT" | "PATCH";
  url: string;
  /** The request body that turns it on (`true`) or off. */
  body: (active: boolean) => unknown;
  /** The toast's title and description once turned off, and once turned on. */
  toasts: { off: [string, string]; on: [string, string] };
}

/** Pause/resume something that takes payments (a link, a plan), with a toast saying what that means. */
export function ActiveToggleButton({ active, labels, method, url, body, toasts }: ActiveToggleButtonProps) {
  const toggle = useApiAction();
  const [title, description] = active ? toasts.off : toasts.on;
  return (
    <Button variant="outline" onClick={() => void toggle.run(method, url, body(!active), title, description)} loading={toggle.busy}>
      {active ? <Pause aria-hidden="true" /> : <Play aria-hidden="true" />}
      {active ? labels[0] : labels[1]}
    </Button>
  );
}

/** The outline "Edit" button that opens a resource's edit page. */
export function EditButton({ href }: { href: string }) {
  return (
    <Button asChild variant="outline">
      <Link href={href}>
        <Pencil aria-hidden="true" />
        Edit
      </Link>
    </Button>
  );
}

/** An outline button in the destructive colour that opens a confirmation (delete, void, cancel). Props pass through for the dialog's trigger. */
export function DangerButton({ icon, label, ...props }: Omit<ButtonProps, "children" | "variant"> & { icon: React.ReactNode; label: string }) {
  return (
    <Button variant="outline" className="text-destructive hover:text-destructive" {...props}>
      {icon}
      {label}
    </Button>
  );
}
