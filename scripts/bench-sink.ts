// The local SMTP sink of scripts/bench-reminders.ts, in a process of its own as a mail server would be:
// tells its parent its URL, then how many messages it took whenever asked ("count").
import { startSmtpStandIn } from "../tests/integration/smtp-stand-in";

const smtp = await startSmtpStandIn();
process.send?.({ url: smtp.url });
process.on("message", (message) => {
  if (message === "count") process.send?.({ received: smtp.received.length });
});
process.on("disconnect", () => process.exit(0));
