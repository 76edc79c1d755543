import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  attachments: { filename: string; contentType: string; content: Buffer }[];
  headers: Map<string, unknown>;
}

export interface SmtpCapture {
  /** smtp://127.0.0.1:<port> — pass as SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** Resolves with the first message (already received or arriving within `ms`) that matches. */
  waitFor(predicate: (mail: CapturedMail) => boolean, ms?: number): Promise<CapturedMail>;
  close(): Promise<void>;
}

/** A real SMTP server inside the test process: the app's mail goes over SMTP and is parsed back with mailparser. */
export async function startSmtpCapture(): Promise<SmtpCapture> {
  const messages: CapturedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: parsed.from?.text ?? '',
            to: session.envelope.rcptTo.map((r) => r.address),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : '',
            attachments: parsed.attachments.map((a) => ({
              filename: a.filename ?? '',
              contentType: a.contentType,
              content: a.content,
            })),
            headers: parsed.headers as Map<string, unknown>,
          });
          for (const wake of waiters) wake();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(predicate, ms = 5_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = messages.find(predicate);
          if (!found) return false;
          waiters.delete(check);
          clearTimeout(timer);
          resolve(found);
          return true;
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(
            new Error(
              `no matching mail within ${ms} ms (received: ${messages.map((m) => m.subject).join(' | ') || 'none'})`,
            ),
          );
        }, ms);
        if (!check()) waiters.add(check);
      });
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
