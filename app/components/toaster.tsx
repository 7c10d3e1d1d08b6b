// Flash toasts: rendered as plain HTML in the server page (seen without JavaScript), then handed to
// Radix Toast once the page is interactive (one at a time, 4 s, F8 to focus).
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
  useEffect(() => {
    if (toast) setCurrent(toast);
  }, [toast]);

  const staticToast = (shown: Toast) => (
    <div className="toast-static pointer-events-none fixed inset-x-0 top-14 z-50 flex justify-center px-3">
      <div
        role={shown.type === "error" ? "alert" : "status"}
        data-testid="toast"
        className={`w-full max-w-[420px] rounded-lg border-l-4 p-3 shadow-lg ${TONE[shown.type]}`}
      >
        <ToastText toast={shown} />
      </div>
    </div>
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
