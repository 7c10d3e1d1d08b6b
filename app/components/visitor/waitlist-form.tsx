// On the not-available result: name and e-mail, stored with the prefix and the reason (POST → 303 back to
// the same result, with a toast, where WaitlistJoined then stands instead of the form). Validation is the server's (the spec asks for no format check in the
// browser); the honeypot's hidden inputs catch bots.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormError, PlainField, useReply } from "~/components/ui/plain-field";
import { SpamTrap } from "~/components/ui/spam-trap";
import { waitlistStepHref } from "~/lib/postal-steps";
import type { WaitlistReason } from "~/lib/visitor-schemas";

export function WaitlistForm({
  fsa,
  reason,
  lastResult,
}: {
  fsa: string;
  reason: WaitlistReason;
  lastResult: unknown;
}) {
  const { t } = useTranslation(["visitor", "common"]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const reply = useReply(lastResult, "waitlist");
  const [name, setName] = useState(reply.value("name"));
  const [email, setEmail] = useState(reply.value("email"));
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const form = reply.formProps.ref;
  // What was typed before the page became interactive counts too (the button is disabled while empty).
  useEffect(() => {
    const fields = form.current?.elements;
    const typedName = (fields?.namedItem("name") as HTMLInputElement | null)?.value;
    const typedEmail = (fields?.namedItem("email") as HTMLInputElement | null)?.value;
    if (typedName) setName(typedName);
    if (typedEmail) setEmail(typedEmail);
  }, [form]);
  const incomplete = !name.trim() || !email.trim();
  // The prefix and the reason travel in hidden fields: their errors show as the form's own.
  const formError = reply.formErrors[0] ?? reply.error("fsa") ?? reply.error("reason");
  return (
    <Form method="post" {...reply.formProps} action={waitlistStepHref(fsa, reason)} className="card mt-4 space-y-4">
      <h2 className="text-xl font-bold">{t("waitlist.title")}</h2>
      <p className="text-stone-700">{t("waitlist.intro")}</p>
      <FormError id={reply.errorId} errors={formError ? [formError] : []} />
      <input type="hidden" name="fsa" value={fsa} />
      <input type="hidden" name="reason" value={reason} />
      <SpamTrap />
      <PlainField
        {...reply.field("name")}
        label={t("waitlist.name")}
        autoComplete="name"
        onInput={(e) => setName(e.currentTarget.value)}
      />
      <PlainField
        {...reply.field("email")}
        type="email"
        label={t("waitlist.email")}
        autoComplete="email"
        onInput={(e) => setEmail(e.currentTarget.value)}
      />
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={pending || (hydrated && incomplete)}
        aria-busy={pending || undefined}
      >
        {pending ? t("waitlist.pending") : t("waitlist.submit")}
      </button>
    </Form>
  );
}

/** The sign-up made from this browser: what happened and what comes next, with a way to add another address. */
export function WaitlistJoined({ fsa, reason, email }: { fsa: string; reason: WaitlistReason; email: string }) {
  const { t } = useTranslation(["visitor", "common"]);
  return (
    <section className="card mt-4 space-y-3" aria-labelledby="joined-title" data-testid="waitlist-joined">
      <h2 id="joined-title" className="text-xl font-bold">
        {t("waitlist.joinedTitle")}
      </h2>
      <p>{t("waitlist.joinedAs", { fsa, email })}</p>
      <p className="text-stone-700">
        {reason === "No Direct Access" ? t("waitlist.joinedNextAccess") : t("waitlist.joinedNextArea", { fsa })}
      </p>
      <Link to={`${waitlistStepHref(fsa, reason)}&another=1`} className="btn-secondary w-full">
        {t("waitlist.another")}
      </Link>
    </section>
  );
}
