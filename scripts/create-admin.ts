// `npm run create-admin -- <email> <password>`: creates an admin account, or makes an existing one admin.
// The password may also come from ADMIN_PASSWORD so it stays out of the shell history.
import { AccountError, createAdmin } from "../app/services/accounts/accounts.server";
import { PASSWORD_MIN } from "../app/lib/auth-schemas";
import { BASIC_EMAIL_PATTERN } from "../app/lib/email-rules";

const [email, passwordArg] = process.argv.slice(2);
const password = passwordArg ?? process.env.ADMIN_PASSWORD;

if (!email || !BASIC_EMAIL_PATTERN.test(email)) {
  console.error(
    "Usage: npm run create-admin -- <email> <password>   (or ADMIN_PASSWORD=... npm run create-admin -- <email>)",
  );
  process.exit(2);
}
if (!password || password.length < PASSWORD_MIN) {
  console.error(`The password must have at least ${PASSWORD_MIN} characters.`);
  process.exit(2);
}
const user = await createAdmin(email, password).catch((error: unknown) => {
  // A password on the common-passwords list, like any other refusal of the accounts service.
  if (!(error instanceof AccountError)) throw error;
  console.error(error.message);
  process.exit(2);
});
console.log(`Admin ready: ${user.email} (id ${user.id}).`);
