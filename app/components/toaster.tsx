// Flash toasts: rendered as plain HTML in the server page (seen without JavaScript), then handed to
// Radix Toast once the page is interactive (one at a time, 4 s, F8 to focus).
import * as ToastPrimitive from "@radix-ui/react-toast";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { Toast } from "~/services/session.server";

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

  if (!hydrated) {
    return toast ? (
      <div className="toast-static pointer-events-none fixed inset-x-0 top-14 z-50 flex justify-center px-3">
        <div
          role={toast.type === "error" ? "alert" : "status"}
          data-testid="toast"
          className={`w-full max-w-[420px] rounded-lg border-l-4 p-3 shadow-lg ${TONE[toast.type]}`}
        >
          <ToastText toast={toast} />
        </div>
      </div>
    ) : null;
  }

  return (
    <ToastPrimitive.Provider duration={4000} label={t("common:toast.region")}>
      {current && ready ? (
        <ToastPrimitive.Root
          key={current.id}
          type={current.type === "error" ? "foreground" : "background"}
          onOpenChange={(open) => {
            if (!open) setTimeout(() => setCurrent(null), 300);
          }}
          data-testid="toast"
          className={`flex w-full items-start justify-between gap-3 rounded-lg border-l-4 p-3 shadow-lg ${TONE[current.type]}`}
        >
          <div>
            <ToastPrimitive.Title asChild>
              <p className="font-semibold">{t(current.title, current.values)}</p>
            </ToastPrimitive.Title>
            {current.description ? (
              <ToastPrimitive.Description asChild>
                <p className="text-sm text-stone-700">{t(current.description, current.values)}</p>
              </ToastPrimitive.Description>
            ) : null}
          </div>
          <ToastPrimitive.Close
            aria-label={t("toast.close")}
            className="flex h-8 w-8 shrink-0 items-center justify-center rounded text-stone-600 hover:bg-stone-100"
          >
            <span aria-hidden="true">×</span>
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport className="fixed inset-x-0 top-14 z-50 mx-auto flex w-full max-w-[420px] flex-col gap-2 px-3 outline-none" />
    </ToastPrimitive.Provider>
  );
}
