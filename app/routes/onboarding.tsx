// /onboarding: the guide in onboarding mode. Skip (any slide) or "Get started" (last slide) marks
// onboarding completed and goes home; the root loader's gate sends new residents here first.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OnboardingGuide } from "~/components/onboarding/onboarding-guide";
import { parseSlide } from "~/lib/guide";
import { titleMeta } from "~/lib/meta";
import {
  data,
  redirect,
  completeOnboarding,
  readForm,
  getLanguage,
  getT,
  partnersForGuide,
  requireUser,
} from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "onboarding"] };

const INTENTS = ["skip", "complete"];

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  if (user.hasCompletedOnboarding) throw redirect("/");
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "onboarding")]);
  return {
    title: t("onboarding.title"),
    slide: parseSlide(new URL(request.url).searchParams.get("slide")),
    partners: partnersForGuide(lng),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (!INTENTS.includes(String(form.get("intent")))) {
    throw data({ message: "Unknown intent" }, { status: 400 });
  }
  // Skipping and finishing both close the guide for good; it stays available at /how-it-works.
  completeOnboarding(user.id);
  return redirect("/");
}

export default function Onboarding() {
  const { slide, title, partners } = useLoaderData<typeof loader>();
  // After a client navigation the namespace arrives a moment later: the title comes translated from
  // the loader, and nothing shows a raw key meanwhile.
  const { t, ready } = useTranslation("onboarding");
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{title}</h1>
      <p className="mt-1 min-h-[1.5rem] text-stone-700">{ready ? t("onboarding.intro") : null}</p>
      <OnboardingGuide mode="onboarding" slide={slide} partners={partners} />
    </div>
  );
}
