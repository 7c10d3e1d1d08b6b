// Flash toasts, in the page flow where they are rendered (the layout's at the top of `main`), never over
// the page: plain HTML in the server page (a status region with a Dismiss link, seen without JavaScript),
// then handed to Radix Toast once the page is interactive (one at a time, F8 to focus, close to dismiss).
import { lazy, Suspense, useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/lib/toast";

const LiveToast = lazy(() => import("./toast-live"));

const TONE: Record<Toast["type"], string> = {
  success: "border-brand-600 bg-white",
  info: "border-stone-400 bg-white",
  error: "border-red-700 bg-red-50",
};

function ToastText({ toast }: { toast: Toast }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="font-semibold">{t(toast.title, toast.values)}</p>
      {toast.description ? <p className="text-sm text-stone-700">{t(toast.description, toast.values)}</p> : null}
    </>
  );
}

/** The namespaces a toast's keys name ("checkout:toast.x"), so a page can show toasts from other screens. */
function namespacesOf(toast: Toast | null): string[] {
  const keys = toast ? [toast.title, toast.description ?? ""] : [];
  const named = keys.filter((k) => k.includes(":")).map((k) => k.split(":")[0]!);
  return ["common", ...new Set(named)];
}

export function Toaster({ toast }: { toast: Toast | null }) {
  const [hydrated, setHydrated] = useState(false);
  const [current, setCurrent] = useState<Toast | null>(toast);
  const { t, ready } = useTranslation(namespacesOf(current ?? toast));
  useEffect(() => setHydrated(true), []);
  // A new page's toast (or none) replaces the last one: a message stays until closed or the page changes.
  useEffect(() => setCurrent(toast), [toast]);

  // Without JavaScript the Dismiss link targets the empty anchor just before the message, which hides it
  // (tailwind.css: `.toast-dismiss:target + .toast-static`).
  const staticToast = (shown: Toast) => (
    <>
      <span id={`dismiss-${shown.id}`} className="toast-dismiss" />
      <div
        role={shown.type === "error" ? "alert" : "status"}
        data-testid="toast"
        className={`toast-static mb-4 flex items-start justify-between gap-3 rounded-lg border-l-4 p-3 shadow ${TONE[shown.type]}`}
      >
        <div>
          <ToastText toast={shown} />
        </div>
        <a href={`#dismiss-${shown.id}`} className="btn-link shrink-0 text-sm">
          {t("common:toast.dismiss")}
        </a>
      </div>
    </>
  );

  if (!hydrated) return toast ? staticToast(toast) : null;
  if (!current || !ready) return null;
  // Radix Toast is downloaded only when there is something to show: most pages never need it.
  return (
    <Suspense fallback={staticToast(current)}>
      <LiveToast toast={current} tone={TONE[current.type]} t={t} onGone={() => setCurrent(null)} />
    </Suspense>
  );
}
