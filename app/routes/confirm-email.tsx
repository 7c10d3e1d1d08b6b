// /confirm-email?token=…: the welcome e-mail's link. A GET that writes (replica.server's WRITING_READS):
// a valid link (24 hours, once) confirms the address; any other says it does not work and how to get a
// new one. Signed in or not: the token is the proof.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/lib/meta";
import { confirmEmail, data, getT } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "profile"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "profile");
  const result = confirmEmail(new URL(request.url).searchParams.get("token"));
  const confirmed = result === "confirmed";
  return data(
    { title: t(confirmed ? "confirmEmail.confirmedTitle" : "confirmEmail.invalidTitle"), confirmed },
    { status: confirmed ? 200 : 400, headers: { "Cache-Control": "no-store" } },
  );
}

export default function ConfirmEmail() {
  const { confirmed } = useLoaderData<typeof loader>();
  const { t } = useTranslation("profile");
  return (
    <section className="card mx-auto max-w-md text-center" data-testid={confirmed ? "email-confirmed" : "link-invalid"}>
      <h1 className="page-title">{t(confirmed ? "confirmEmail.confirmedTitle" : "confirmEmail.invalidTitle")}</h1>
      <p className="mt-2 text-stone-700">{t(confirmed ? "confirmEmail.confirmedBody" : "confirmEmail.invalidBody")}</p>
      <p className="mt-4">
        <Link to="/profile" className="btn-primary">
          {t("confirmEmail.toProfile")}
        </Link>
      </p>
    </section>
  );
}
