import type { NextAuthOptions } from "next-auth";
import CredentialsProvider from "next-auth/providers/credentials";
import { ApiError } from "@/lib/api/errors";
import { clientIpFrom } from "@/lib/api/request";
import { config } from "@/lib/config";
import { authenticateUser } from "./sign-up-and-log-in";
import { loginSchema } from "./schemas";

export const SESSION_MAX_AGE_SECONDS = 7 * 24 * 60 * 60;

/** Dashboard sessions: next-auth's encrypted JWT cookie, carrying the user id and session version. */
export const authOptions: NextAuthOptions = {
  // Read per request: the build evaluates this module without the setting.
  get secret() {
    return config().AUTH_SECRET;
  },
  session: { strategy: "jwt", maxAge: SESSION_MAX_AGE_SECONDS },
  pages: { signIn: "/login", error: "/login" },
  providers: [
    CredentialsProvider({
      name: "Email and password",
      credentials: {
        email: { label: "Email", type: "email" },
        password: { label: "Password", type: "password" },
        // Sent on the second step when the account has two-factor sign-in on.
        code: { label: "Authentication code", type: "text" },
      },
      async authorize(credentials, req) {
        const parsed = loginSchema.safeParse(credentials ?? {});
        if (!parsed.success) throw new Error("Enter your email and password");
        const forwarded = req.headers?.["x-forwarded-for"];
        const ip = clientIpFrom(Array.isArray(forwarded) ? forwarded.join(",") : forwarded);
        try {
          const userAgent = req.headers?.["user-agent"];
          const { user } = await authenticateUser(
            parsed.data.email,
            parsed.data.password,
            ip,
            parsed.data.code || undefined,
            typeof userAgent === "string" ? userAgent : undefined,
          );
          return { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`, sessionVersion: user.sessionVersion };
        } catch (error) {
          // next-auth passes an Error's message to the sign-in form as `error`.
          if (error instanceof ApiError) throw new Error(error.message);
          throw error;
        }
      },
    }),
  ],
  callbacks: {
    jwt({ token, user }) {
      if (user) {
        token.sub = user.id;
        token.sv = (user as { sessionVersion?: number }).sessionVersion ?? 0;
      }
      return token;
    },
    session({ session, token }) {
      if (session.user) Object.assign(session.user, { id: token.sub, sessionVersion: token.sv });
      return session;
    },
  },
};
