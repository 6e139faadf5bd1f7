import { otherMethods } from "@/lib/api/methods";
import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

// Dashboard sessions (sign-in, sign-out, session, csrf). The spec's /api/auth/* routes are static and win.
const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };

// Any other method: a JSON 405 naming these (lib/api/methods.ts).
export const { PUT, PATCH, DELETE, OPTIONS } = otherMethods("GET", "POST");
