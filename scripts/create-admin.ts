// `npm run create-admin -- [--role admin|driver] <email> <password>`: creates an admin account (or a
// driver's with --role driver), or gives that role to an existing one. The password may also come from
// ADMIN_PASSWORD so it stays out of the shell history.
import { AccountError, createAdmin, type OperatorRole } from "../app/services/accounts/accounts.server";
import { PASSWORD_MIN } from "../app/lib/auth-schemas";
import { BASIC_EMAIL_PATTERN } from "../app/lib/email-rules";

const USAGE =
  "Usage: npm run create-admin -- [--role admin|driver] <email> <password>   (or ADMIN_PASSWORD=... npm run create-admin -- [--role driver] <email>)";
const ROLES: OperatorRole[] = ["admin", "driver"];

const args = process.argv.slice(2);
let role: OperatorRole = "admin";
const roleAt = args.findIndex((a) => a === "--role" || a.startsWith("--role="));
if (roleAt >= 0) {
  const [flag] = args.splice(roleAt, 1);
  const value = flag!.includes("=") ? flag!.slice("--role=".length) : args.splice(roleAt, 1)[0];
  if (!ROLES.includes(value as OperatorRole)) {
    console.error(`--role must be admin or driver.\n${USAGE}`);
    process.exit(2);
  }
  role = value as OperatorRole;
}
const [email, passwordArg] = args;
const password = passwordArg ?? process.env.ADMIN_PASSWORD;

if (!email || !BASIC_EMAIL_PATTERN.test(email)) {
  console.error(USAGE);
  process.exit(2);
}
if (!password || password.length < PASSWORD_MIN) {
  console.error(`The password must have at least ${PASSWORD_MIN} characters.`);
  process.exit(2);
}
const user = await createAdmin(email, password, role).catch((error: unknown) => {
  // A password on the common-passwords list, like any other refusal of the accounts service.
  if (!(error instanceof AccountError)) throw error;
  console.error(error.message);
  process.exit(2);
});
console.log(`${role === "driver" ? "Driver" : "Admin"} ready: ${user.email} (id ${user.id}).`);
