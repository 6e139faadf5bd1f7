import { AuthLink } from "@/components/auth/auth-card";

/** The line under an auth card: a short question and the link that answers it ("Remembered it? Back to log in"). */
export function AuthPromptLink({ question, href, label }: { question: string; href: string; label: string }) {
  return (
    <>
      {`${question} `}
      <AuthLink href={href}>{label}</AuthLink>
    </>
  );
}
