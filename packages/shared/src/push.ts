/**
 * What a Web Push message carries to the service worker, encrypted end to end (RFC 8291): the
 * notification's title and text, the page it opens, and a tag so a newer message on the same subject
 * replaces the older one on the lock screen.
 */
export interface PushMessage {
  title: string;
  body: string;
  /** A path of the web app (`/user/deposit/history`), opened when the notification is tapped. */
  url: string;
  tag?: string;
}
