// Where a plan's links lead (issue 45): the page that pays a held cycle on-session, and the resident's
// "My plan" settings (resume, change the card). The pages are built by the resident's side of the plans;
// the e-mails of the cycle job link here.

/** The page that pays a plan's held cycle ("Payment needed"): 3-D Secure with JavaScript, hosted Checkout without. */
export function planPayPath(planId: number): string {
  return `/plans/${planId}/pay`;
}

/** "My plan" on the profile: resume a paused plan, change its card. */
export const PLAN_SETTINGS_PATH = "/profile#my-plan";
