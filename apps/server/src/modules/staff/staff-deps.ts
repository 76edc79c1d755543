import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';

/** What the staff use cases need from the app. */
export interface StaffDeps {
  db: Db;
  mailer: Mailer;
  /** The site's address: invitations link to its /play. */
  publicUrl: string;
  /** Where a mail that could not be sent is recorded (the person stays added; Resend sends it again). */
  log: { error(object: object, message: string): void };
}
