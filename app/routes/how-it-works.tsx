// /how-it-works: the six-slide guide outside onboarding. Public (issue 42 part 8): a visitor (someone on
// the waitlist, following its e-mail) reads it without an account; a resident gets the same guide with its
// "Schedule my first pickup" button, a visitor one to check their postal code instead.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OnboardingGuide } from "~/components/onboarding/onboarding-guide";
import { parseSlide } from "~/lib/guide";
import { titleMeta } from "~/lib/meta";
import { getLanguage, getT, getUser, partnersForGuide } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "onboarding"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, lng, t] = await Promise.all([getUser(request), getLanguage(request), getT(request, "onboarding")]);
  return {
    title: t("howItWorks.title"),
    slide: parseSlide(new URL(request.url).searchParams.get("slide")),
    signedIn: Boolean(user),
    partners: partnersForGuide(lng),
  };
}

export default function HowItWorks() {
  const { slide, title, signedIn, partners } = useLoaderData<typeof loader>();
  // After a client navigation the namespace arrives a moment later: the title comes translated from
  // the loader, and nothing shows a raw key meanwhile.
  const { t, ready } = useTranslation("onboarding");
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{title}</h1>
      <p className="mt-1 min-h-[1.5rem] text-stone-700">{ready ? t("howItWorks.intro") : null}</p>
      <OnboardingGuide mode={signedIn ? "guide" : "visitor"} slide={slide} partners={partners} />
    </div>
  );
}
