// The animated toast (Radix): 4 s on screen, swipe or close to dismiss, F8 to focus. Loaded lazily.
import * as ToastPrimitive from "@radix-ui/react-toast";
import type { Toast } from "~/lib/toast";

export default function LiveToast({
  toast,
  tone,
  t,
  onGone,
}: {
  toast: Toast;
  tone: string;
  t: (key: string, values?: Record<string, unknown>) => string;
  onGone: () => void;
}) {
  return (
    <ToastPrimitive.Provider duration={4000} label={t("common:toast.region")}>
      <ToastPrimitive.Root
        key={toast.id}
        type={toast.type === "error" ? "foreground" : "background"}
        onOpenChange={(open) => {
          if (!open) setTimeout(onGone, 300);
        }}
        data-testid="toast"
        className={`flex w-full items-start justify-between gap-3 rounded-lg border-l-4 p-3 shadow-lg ${tone}`}
      >
        <div>
          <ToastPrimitive.Title asChild>
            <p className="font-semibold">{t(toast.title, toast.values)}</p>
          </ToastPrimitive.Title>
          {toast.description ? (
            <ToastPrimitive.Description asChild>
              <p className="text-sm text-stone-700">{t(toast.description, toast.values)}</p>
            </ToastPrimitive.Description>
          ) : null}
        </div>
        <ToastPrimitive.Close
          aria-label={t("common:toast.close")}
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded text-stone-600 hover:bg-stone-100"
        >
          <span aria-hidden="true">×</span>
        </ToastPrimitive.Close>
      </ToastPrimitive.Root>
      <ToastPrimitive.Viewport className="fixed inset-x-0 top-14 z-50 mx-auto flex w-full max-w-[420px] flex-col gap-2 px-3 outline-none" />
    </ToastPrimitive.Provider>
  );
}
