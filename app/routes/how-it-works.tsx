// /how-it-works: the six-slide guide outside onboarding, for signed-in residents.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { OnboardingGuide } from "~/components/onboarding/onboarding-guide";
import { parseSlide } from "~/lib/guide";
import { titleMeta } from "~/lib/meta";
import { getT, requireUser } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "onboarding"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireUser(request);
  const t = await getT(request, "onboarding");
  return { title: t("howItWorks.title"), slide: parseSlide(new URL(request.url).searchParams.get("slide")) };
}

export default function HowItWorks() {
  const { slide, title } = useLoaderData<typeof loader>();
  // After a client navigation the namespace arrives a moment later: the title comes translated from
  // the loader, and nothing shows a raw key meanwhile.
  const { t, ready } = useTranslation("onboarding");
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{title}</h1>
      <p className="mt-1 min-h-[1.5rem] text-stone-700">{ready ? t("howItWorks.intro") : null}</p>
      <OnboardingGuide mode="guide" slide={slide} />
    </div>
  );
}
