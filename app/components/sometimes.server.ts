// The components `island` renders on the server (app/components/island.tsx); in the browser's build this module
// is empty, so they reach the browser only through their islands' dynamic imports.
export { AddressChoices } from "./accounts/address-choices";
export { PhoneVerification, TextChannels } from "./accounts/texts";
export { CalendarSubscribe } from "./pickups/calendar-subscribe";
export { MyPlan } from "./pickups/my-plan";
export { NotServedNotice } from "./visitor/not-served";
export { RouteError } from "./route-error";
