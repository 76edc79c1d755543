import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';

/** What the team use cases need from the app. */
export interface TeamDeps {
  db: Db;
  mailer: Mailer;
  /** The site's address: invitation links point at its accept page. */
  publicUrl: string;
  /** Forgets a person's sessions cached in this process (they lost a brand; the next call reads members again). */
  evictSessionsOf(userId: string): void;
  /** Where a mail that could not be sent is recorded (the invitation stays; Resend sends a new link). */
  log: { error(object: object, message: string): void };
}

export const epochSeconds = (d: Date) => Math.floor(d.getTime() / 1000);
