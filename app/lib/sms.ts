// Text messages' rules (issue 35), pure: a single SMS holds 160 GSM-7 characters (the basic set and its
// extension table, which counts twice); anything else (an emoji, a curly quote) makes it UCS-2, 70 characters.

const GSM7_BASIC =
  "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";
const GSM7_EXTENSION = "^{}\\[~]|€\f";

/** The number of GSM-7 septets the text takes, or null when it is not GSM-7 (sent as UCS-2). */
export function gsm7Length(text: string): number | null {
  let length = 0;
  for (const char of text) {
    if (GSM7_BASIC.includes(char)) length += 1;
    else if (GSM7_EXTENSION.includes(char)) length += 2;
    else return null;
  }
  return length;
}

/** Fits one SMS: at most 160 GSM-7 septets. */
export function fitsOneSms(text: string): boolean {
  const length = gsm7Length(text);
  return length !== null && length <= 160;
}

/** A 6-digit verification code is asked for this long, and this many tries. */
export const PHONE_CODE_TTL_MS = 10 * 60 * 1000;
export const PHONE_CODE_TRIES = 5;

/** STOP and its usual synonyms (Twilio's opt-out keywords, and French ARRET). */
export function isStopKeyword(body: string): boolean {
  const word = body
    .trim()
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toUpperCase();
  return ["STOP", "STOPALL", "UNSUBSCRIBE", "CANCEL", "END", "QUIT", "ARRET", "ARRETER"].includes(word);
}

/** What a phone shows differently or not at all in GSM-7: no-break spaces, dashes, curly quotes. */
function gsmSafe(text: string): string {
  return text
    .replace(/[\u00A0\u202F\u2009]/g, " ")
    .replace(/[\u2013\u2014]/g, "-")
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D«»]/g, '"')
    .replace(/ê/g, "e")
    .replace(/[ôö]/g, "o")
    .replace(/[îï]/g, "i")
    .replace(/ç/g, "c")
    .replace(/û/g, "u")
    .replace(/â/g, "a");
}

type T = (key: string, values?: Record<string, unknown>) => string;

/** The day-before reminder as one text (the "reminders" namespace's `sms.reminder`). */
export function reminderText(t: T, values: { date: string; outBy: string; bags: number; link: string }): string {
  return gsmSafe(t("sms.reminder", { ...values, count: values.bags }));
}

/** The verification code's text. */
export function phoneCodeText(t: T, code: string): string {
  return gsmSafe(t("sms.code", { code }));
}

/** A service alert's text: the admin's message in the resident's language, with the service's name. */
export function alertText(t: T, message: string): string {
  return gsmSafe(t("sms.alert", { message }));
}

/** A plan's texts (issue 45): its next pickup booked, a payment needed, the place released. */
export function planText(
  t: T,
  key: "planBooked" | "planPaymentNeeded" | "planReleased",
  values: Record<string, string>,
): string {
  return gsmSafe(t(`sms.${key}`, values));
}

/** A phone booking's texts (issue 46 part 5): the payment link of the held place, the place released unpaid. */
export function bookForText(t: T, key: "phonePayLink" | "phoneReleased", values: Record<string, string>): string {
  return gsmSafe(t(`sms.${key}`, values));
}
