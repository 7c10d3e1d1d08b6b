// The honeypot on the public forms (sign-up, the waitlist, forgot-password): a hidden field people never
// see, and the encrypted time the page was served. The root loader hands the inputs' props to the page
// (no JavaScript needed); an action calls `spamRejection` first and answers its 400 when a bot filled it.
import { createHmac } from "node:crypto";
import { Honeypot, SpamError } from "remix-utils/honeypot/server";
import { env } from "~/services/platform/config.server";
import { reject, type Submission } from "./forms.server";

/** A name that neither browsers nor password managers take for a field of theirs. */
const NAME_FIELD = "rc_hp_field";
const VALID_FROM_FIELD = "rc_hp_from";

const honeypot = new Honeypot({
  nameFieldName: NAME_FIELD,
  validFromFieldName: VALID_FROM_FIELD,
  // Derived from the signing secret, so every server process (and a restart) reads the same timestamps.
  encryptionSeed: createHmac("sha256", env.sessionSecrets[0]!).update("honeypot").digest("hex"),
});

/**
 * How long one encrypted timestamp is handed out. Encrypting it (crypto-js AES) costs more than a page's
 * queries, and the timestamp is in every page's data: one a second made every page's render a new one
 * (services/serving/render-cache keys pages by their data). The check only refuses a timestamp in the future,
 * so one from earlier in the minute is as good.
 */
const PROPS_REUSE_MS = 60_000;
let lastProps: { at: number; props: ReturnType<Honeypot["getInputProps"]> } | null = null;

/**
 * The props of `<HoneypotProvider>` for each page the root loader serves: the same for every page served
 * within a minute (the timestamp says since when the form is valid, only checked not to be in the future).
 */
export function honeypotInputProps(at = Date.now()) {
  if (!lastProps || at - lastProps.at >= PROPS_REUSE_MS || at < lastProps.at) {
    lastProps = { at, props: honeypot.getInputProps({ validFromTimestamp: at }) };
  }
  return lastProps.props;
}

/** A 400 with a clear form error when the honeypot caught a bot, else null. Nothing is created. */
/** The refusal of a filled trap: answered in place (an automated submission has no Back to spare). */
export const SPAM_ERROR = "errors.spamDetected";

export function spamRejection(formData: FormData, submission: Submission, options: { hideFields?: string[] } = {}) {
  try {
    honeypot.check(formData);
    return null;
  } catch (error) {
    if (!(error instanceof SpamError)) throw error;
    return reject(submission, { formErrors: [SPAM_ERROR], status: 400, hideFields: options.hideFields });
  }
}
