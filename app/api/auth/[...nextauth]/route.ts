import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/next-auth";

// Dashboard sessions (sign-in, sign-out, session, csrf). The spec's /api/auth/* routes are static and win.
const handler = NextAuth(authOptions);
export { handler as GET, handler as POST };
