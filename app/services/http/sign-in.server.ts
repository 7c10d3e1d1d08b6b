// Sign-in through remix-auth's form strategy; the page and the JSON API both come here.
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { AccountError, verifyLogin } from "~/services/accounts/accounts.server";
import { sessionStorage } from "./session-storage.server";
import { assertAccountOpen, countAccountFailure } from "./rate-limit.server";
import { requestOrigin } from "./request.server";
import type { User } from "../../../db/schema";

const authenticator = new Authenticator<User>(sessionStorage, { sessionKey: "userId" });

authenticator.use(
  new FormStrategy(async ({ form, context }) => {
    const email = form.get("email");
    const password = form.get("password");
    // The origin an ADMIN_EMAILS account's invitation link points at (it is never made admin here).
    return verifyLogin(String(email ?? ""), String(password ?? ""), String(context?.origin ?? ""));
  }),
  "form",
);

/**
 * The verified user for these credentials, or an AccountError; a RateLimitedError once the account has
 * had too many failures, from whatever addresses. Creates no session by itself.
 */
export async function signIn(request: Request, credentials: { email: string; password: string }) {
  assertAccountOpen(credentials.email);
  const formData = new FormData();
  formData.set("email", credentials.email);
  formData.set("password", credentials.password);
  try {
    // The body was already read by the caller; remix-auth clones the request, so hand it a bodiless copy.
    const bodiless = new Request(request.url, { method: "POST", headers: request.headers });
    return await authenticator.authenticate("form", bodiless, {
      throwOnError: true,
      context: { formData, origin: requestOrigin(request) },
    });
  } catch (error) {
    if (error instanceof AuthorizationError && error.cause instanceof AccountError) {
      countAccountFailure(credentials.email);
      throw error.cause;
    }
    throw error;
  }
}
