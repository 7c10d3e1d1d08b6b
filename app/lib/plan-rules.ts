// Issue 45: what a resident may set on a plan, shared by the forms, the JSON API and the service (pure).
import { z } from "zod";

export const PLAN_INTERVALS = [4, 8] as const;
export const PLAN_BAGS = [1, 2, 4] as const;
export const PLAN_WINDOWS = ["morning", "afternoon"] as const;
export type PlanStatus = "active" | "paused" | "stopped" | "payment_needed";
/** A pause ends at most this many days ahead. */
export const MAX_PAUSE_DAYS = 366;

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar date 'YYYY-MM-DD' (not 2026-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!ISO_DATE.test(value)) return false;
  const day = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === value;
}

/** The JSON API's PUT body: any of the four, nothing else; `pausedUntil: null` resumes. */
export const PlanChangeSchema = z
  .object({
    intervalWeeks: z.union([z.literal(4), z.literal(8)], {
      errorMap: () => ({ message: "myplans:errors.intervalInvalid" }),
    }),
    bagCount: z.union([z.literal(1), z.literal(2), z.literal(4)], {
      errorMap: () => ({ message: "myplans:errors.bagsInvalid" }),
    }),
    window: z.enum(PLAN_WINDOWS, { errorMap: () => ({ message: "myplans:errors.windowInvalid" }) }),
    pausedUntil: z
      .string()
      .max(10, "myplans:errors.dateInvalid")
      .refine(isCalendarDate, "myplans:errors.dateInvalid")
      .nullable(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "myplans:errors.nothingToChange");

export type PlanChange = z.infer<typeof PlanChangeSchema>;

/** A form's value read as one of the allowed numbers, or null. */
export function formChoice<T extends number | string>(
  value: FormDataEntryValue | null,
  allowed: readonly T[],
): T | null {
  if (typeof value !== "string") return null;
  const found = allowed.find((option) => String(option) === value.trim());
  return found ?? null;
}

/** POST /api/pickup-plans/{id}/skip and DELETE /api/pickup-plans/{id} take no body: a field is refused. */
export const NoBodySchema = z.object({}).strict();
