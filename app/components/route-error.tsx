// The error page: a title and a sentence per status (404, 403, 400, 503, anything else), in the reader's
// language, with a way on. The root shows it around the whole app; routes with parameters (an order, a
// cancel, a reset link) show it inside the page frame, with their own words for "not found".
import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export type NotFoundText = {
  /** Translation keys, with the namespace ("orders:notFound.title"). */
  title: string;
  description: string;
  /** Where to go instead, and its label key. */
  to: string;
  linkLabel: string;
};

export function RouteError({ notFound }: { notFound?: NotFoundText }) {
  const error = useRouteError();
  const { t } = useTranslation();
  let title = t("errorPage.title");
  let description = t("errorPage.description");
  let link = { to: "/", label: t("notFound.home") };
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) {
      title = t(notFound?.title ?? "notFound.title");
      description = t(notFound?.description ?? "notFound.description");
      if (notFound) link = { to: notFound.to, label: t(notFound.linkLabel) };
    } else if (error.status === 403) {
      title = t("errorPage.forbiddenTitle");
      description = t("errorPage.forbiddenDescription");
    } else if (error.status === 400) {
      title = t("errorPage.badRequestTitle");
    } else if (error.status === 503) {
      // A full disk or a locked database (http/database-fault.server): the request changed nothing.
      const busy = (error.data as { databaseFault?: string } | null)?.databaseFault === "busy";
      title = t("errorPage.unavailableTitle");
      description = t(busy ? "errorPage.busyDescription" : "errorPage.unavailableDescription");
      link = { to: "", label: t("errorPage.retry") };
    }
  }
  return (
    <div className="card mx-auto max-w-md text-center">
      <h1 className="page-title">{title}</h1>
      <p className="mt-2 text-stone-700">{description}</p>
      <Link to={link.to} className="btn-primary mt-4">
        {link.label}
      </Link>
    </div>
  );
}
