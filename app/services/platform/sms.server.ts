// Who sends texts (issue 35). With TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN and TWILIO_FROM: Twilio, through
// the official client; TWILIO_API_BASE points that client at another host (a local stand-in of Twilio's
// REST API in tests) through its own pluggable HTTP client. Without them there is no text provider (issue
// 42): nothing is sent, the outbox settles each text as "not sent: no text provider" (its body kept for
// admins, /admin/outbox), the text is printed outside production (MAIL_LOG), the profile offers no text
// reminders and /admin says texts are off.
import twilio from "twilio";
import { env } from "./config.server";

export type TextSender = { provider: "twilio" | "recorded"; send(to: string, body: string): Promise<void> };

const TWILIO_API = "https://api.twilio.com";

/** Twilio's own RequestClient, every request sent to `base` instead of api.twilio.com. */
class RebasedRequestClient extends twilio.RequestClient {
  constructor(private readonly base: string) {
    super({ timeout: 10_000 });
  }
  override request<TData>(opts: Parameters<twilio.RequestClient["request"]>[0]) {
    const uri = opts.uri.startsWith(TWILIO_API)
      ? `${this.base.replace(/\/$/, "")}${opts.uri.slice(TWILIO_API.length)}`
      : opts.uri;
    return super.request<TData>({ ...opts, uri } as Parameters<twilio.RequestClient["request"]>[0] & { data?: TData });
  }
}

type TwilioSettings = { accountSid: string; authToken: string; from: string; apiBase?: string };

export function createTwilioSender(settings: TwilioSettings): TextSender {
  const client = twilio(settings.accountSid, settings.authToken, {
    httpClient: settings.apiBase ? new RebasedRequestClient(settings.apiBase) : undefined,
  });
  return {
    provider: "twilio",
    async send(to, body) {
      await client.messages.create({ to, from: settings.from, body });
    },
  };
}

const recorded: TextSender = {
  provider: "recorded",
  async send(to, body) {
    if (env.MAIL_LOG === "1") console.log(`[sms] to=${to}\n${body}\n`);
  },
};

let configured: TextSender | null = null;

/** Is a text provider configured (the three TWILIO_* variables)? Without one no text is sent. */
export function textsConfigured(
  source: Pick<typeof env, "TWILIO_ACCOUNT_SID" | "TWILIO_AUTH_TOKEN" | "TWILIO_FROM"> = env,
) {
  return Boolean(source.TWILIO_ACCOUNT_SID && source.TWILIO_AUTH_TOKEN && source.TWILIO_FROM);
}

/** The sender the environment asks for. */
export function textSender(): TextSender {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from } = env;
  if (!accountSid || !authToken || !from) return recorded;
  configured ??= createTwilioSender({
    accountSid,
    authToken,
    from,
    apiBase: env.TWILIO_API_BASE,
  });
  return configured;
}
