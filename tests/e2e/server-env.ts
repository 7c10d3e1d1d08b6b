// The signing secret of the e2e web servers (playwright.config.ts), shared with the fixture that signs a
// resident in by writing the session row and signing its cookie the way the server does.
export const E2E_SESSION_SECRET = "e2e-session-secret";
