"use client";

import * as React from "react";
import Link from "next/link";
import { Pause, Pencil, Play } from "lucide-react";

import { Button, type ButtonProps } from "@/components/ui/button";

/** Pause/resume something that takes payments (a link, a plan); `labels` are [when on, when off]. */
export function ActiveToggleButton({ active, busy, onClick, labels }: { active: boolean; busy: boolean; onClick: () => void; labels: [string, string] }) {
  return (
    <Button variant="outline" onClick={onClick} loading={busy}>
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
