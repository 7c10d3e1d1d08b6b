// /admin/book-for (issue 46 part 5): a resident who calls. The operator finds them by e-mail or phone (a
// plain GET form), or opens their account (they are e-mailed a link to choose a password and the privacy
// notice); chooses bags and a window among those the resident could book themselves; holds the place and
// sends the payment link by e-mail (and by text to a verified number). The operator never takes a card:
// the resident pays through the link. Plain posts (name="intent"), refusals through the refused-form
// mechanism: works without JavaScript. Admins only (admin.tsx): drivers and residents get 403.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useActionAnswer } from "~/components/action-answer";
import { BookForForm, FindResident, PhoneBookings, ResidentCard } from "~/components/admin/book-for";
import { OpenAccountForm } from "~/components/admin/book-for-account";
import { Toaster } from "~/components/toaster";
import { titleMeta } from "~/lib/meta";
import { bookForAction, bookForPage, getT, requireAdmin } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "bookfor", "booking", "checkout", "profile"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const admin = await requireAdmin(request);
  const [page, t] = await Promise.all([bookForPage(request, admin), getT(request, "bookfor")]);
  return { title: t("title"), ...page };
}

export async function action({ request }: ActionFunctionArgs) {
  return bookForAction(request);
}

export default function AdminBookFor() {
  const view = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation(["bookfor", "booking"]);
  const reply = answer && "reply" in answer ? answer.reply : undefined;
  const toast = answer && "toast" in answer ? (answer.toast ?? null) : null;
  return (
    <div className="space-y-6">
      <Toaster toast={toast} />
      <div>
        <h1 className="page-title">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("intro")}</p>
      </div>
      <FindResident q={view.q} />
      {view.notFound ? (
        <p className="font-medium" role="status" data-testid="book-for-not-found">
          {t("find.notFound", { q: view.q })}
        </p>
      ) : null}
      {view.resident ? (
        <>
          <ResidentCard resident={view.resident} />
          {!view.resident.address ? (
            <p className="card text-stone-700">{t("book.needsAddress")}</p>
          ) : view.choices && view.choices.area !== "montreal" ? (
            <p className="card text-stone-700">{t("booking:errors.outsideArea")}</p>
          ) : view.choices ? (
            <BookForForm
              residentId={view.resident.id}
              options={view.choices.options}
              selection={view.choices.selection}
              lastResult={reply}
              busy={busy}
            />
          ) : null}
          <PhoneBookings bookings={view.bookings} />
        </>
      ) : (
        <OpenAccountForm lastResult={reply} prefill={view.prefill} busy={busy} />
      )}
    </div>
  );
}
