// What the bell needs in the browser: the notices as the server wrote them and the unread badge. Kept apart
// from lib/notifications (the notices' rules and date formats, used on the server), so that the root's browser
// code does not import those modules (issue 44, JavaScript budget: a module imported at all is carried).
/**
 * A notification as the bell and /notifications show it: its texts in the reader's language, written on the
 * server, so that the browser carries neither the texts' rules nor the date formats (issue 44, JS budget).
 */
export type ShownNotification = {
  id: string;
  isRead: boolean;
  confirmationNumber?: string;
  fromPlan?: boolean;
  title: string;
  message: string;
  /** When it happened, in Montreal: 'Nov 24, 2026, 3:07 PM' / '24 nov. 2026, 15 h 07'. */
  when: string;
};

/** '9+' above nine. */
export function unreadBadge(count: number): string | null {
  if (count <= 0) return null;
  return count > 9 ? "9+" : String(count);
}
