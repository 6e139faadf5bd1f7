"use client";

import * as React from "react";
import { MailCheck } from "lucide-react";

import { AuthResult, type AuthResultProps } from "@/components/auth/auth-card";
import { useFocusOnChange } from "@/components/auth/use-focus-on-change";

/** "Check your email", shown in place of a form once a link is on its way; its heading takes focus. */
export function CheckEmail(props: Pick<AuthResultProps, "description" | "next" | "nextVariant" | "children">) {
  const heading = useFocusOnChange<HTMLHeadingElement>(true);
  return <AuthResult icon={<MailCheck />} tone="success" title="Check your email" titleRef={heading} {...props} />;
}
