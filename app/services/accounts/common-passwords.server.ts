// The passwords attackers try first: zxcvbn-ts's list of the ~49,000 most common passwords (ranked, from
// leaked password sets), shipped inside @zxcvbn-ts/language-common so it works offline. Server only: the
// list never reaches the browser bundle.
import { dictionary } from "@zxcvbn-ts/language-common";

let common: Set<string> | null = null;

/** True for a password on the list, compared without case ("Password" is as weak as "password"). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase()) || common.has(password.trim().toLowerCase());
}
