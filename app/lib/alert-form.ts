// The service alert form (issue 35, part 5), shared by the admin page's preview and send. Messages are
// keys of the "alerts" namespace.
import { z } from "zod";
import { isCanadianFsa } from "./postal";

const MESSAGE_MAX = 500;

const message = z
  .string({ required_error: "alerts:errors.message" })
  .trim()
  .min(1, "alerts:errors.message")
  .max(MESSAGE_MAX, "alerts:errors.message");

export const AlertFormSchema = z.object({
  date: z
    .string({ required_error: "alerts:errors.date" })
    .regex(/^\d{4}-\d{2}-\d{2}$/, "alerts:errors.date")
    .refine((value) => !Number.isNaN(Date.parse(`${value}T12:00:00Z`)), "alerts:errors.date"),
  window: z
    .enum(["all", "morning", "afternoon"], { errorMap: () => ({ message: "alerts:errors.date" }) })
    .default("all")
    .transform((value) => (value === "all" ? null : value)),
  prefixes: z
    .string()
    .max(400, "alerts:errors.prefixes")
    .optional()
    .transform((value, ctx) => {
      const list = [
        ...new Set(
          (value ?? "")
            .toUpperCase()
            .split(/[\s,;]+/)
            .filter(Boolean),
        ),
      ];
      if (list.some((prefix) => !isCanadianFsa(prefix))) {
        ctx.addIssue({ code: z.ZodIssueCode.custom, message: "alerts:errors.prefixes" });
      }
      return list;
    }),
  messageEn: message,
  messageFr: message,
  idempotencyKey: z.string({ required_error: "alerts:errors.key" }).regex(/^[A-Za-z0-9-]{16,64}$/, "alerts:errors.key"),
});
