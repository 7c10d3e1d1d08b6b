// A booking page's choices, the new booking's and the move page's alike: the booking form, started from
// a refused answer's choices when there is one, or why there is none (the area is not served, no dates).
import { useLocation } from "@remix-run/react";
import { readReply } from "~/components/ui/plain-field";
import type { BookingSelection, WeekGroup } from "~/lib/booking-choice";
import { parseBagCount } from "~/lib/pricing";
import { BookingForm } from "./booking-form";
import { NoDates, ServiceAreaNotice } from "./notices";

type FormProps = Parameters<typeof BookingForm>[0];

export function BookingChoices({
  page,
  answer,
  ...form
}: Omit<FormProps, "weeks" | "initial" | "serviceFeeCents" | "lng" | "error"> & {
  page: {
    area: string;
    fsa: string;
    weeks: WeekGroup[];
    selection: BookingSelection;
    serviceFeeCents: number;
    lng: string;
  };
  /** The action's answer: a refusal's reply (the choices it can still show, the reason) and its toast. */
  answer: { reply?: unknown; toast?: { id: string } | null } | null | undefined;
}) {
  const location = useLocation();
  if (page.area !== "montreal") return <ServiceAreaNotice fsa={page.fsa} />;
  if (page.weeks.length === 0) return <NoDates fsa={page.fsa} />;
  const reply = answer ? readReply(answer.reply) : null;
  const refusal = reply?.error("") ?? null;
  return (
    <BookingForm
      // A new query (back button, a server-rendered update) starts from its own choices.
      key={location.search}
      {...form}
      weeks={page.weeks}
      initial={
        reply
          ? {
              bags: parseBagCount(reply.value("bags")),
              date: reply.value("date") || null,
              slotId: Number(reply.value("slotId")) || null,
            }
          : page.selection
      }
      serviceFeeCents={page.serviceFeeCents}
      lng={page.lng}
      error={refusal ? { key: refusal, id: answer?.toast?.id ?? refusal } : null}
    />
  );
}
