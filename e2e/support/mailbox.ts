/**
 * A local SMTP server that keeps every message it receives: the server under test is started with
 * `BACKOFFICE_SMTP_URL=smtp://127.0.0.1:<port>` and the specs read the mail it sends (the password-reset code).
 */
import { simpleParser } from 'mailparser';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CapturedMail {
  from: string;
  to: string[];
  subject: string;
  /** The decoded text body (quoted-printable and base64 undone). */
  text: string;
}

export interface Mailbox {
  /** `smtp://127.0.0.1:<port>`, for BACKOFFICE_SMTP_URL. */
  url: string;
  messages: CapturedMail[];
  /** The first message to `to` received after `since` messages (default: any), waiting up to `timeoutMs`. */
  waitFor(to: string, options?: { timeoutMs?: number; since?: number }): Promise<CapturedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const messages: CapturedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    // Plain SMTP on loopback, as a local relay: no TLS, no authentication.
    secure: false,
    disabledCommands: ['STARTTLS', 'AUTH'],
    authOptional: true,
    logger: false,
    disableReverseLookup: true,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          messages.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
          });
          for (const listener of listeners) listener();
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolveListen, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => resolveListen());
  });
  const { port } = server.server.address() as AddressInfo;

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    waitFor(to, { timeoutMs = 15_000, since = 0 } = {}) {
      const address = to.toLowerCase();
      const find = () => messages.slice(since).find((m) => m.to.includes(address));
      return new Promise((resolveMail, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          cleanup();
          resolveMail(found);
        };
        const timer = setTimeout(() => {
          cleanup();
          const seen = messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('; ') || 'nenhuma';
          reject(new Error(`nenhuma mensagem para ${to} em ${timeoutMs} ms (recebidas: ${seen})`));
        }, timeoutMs);
        const cleanup = () => {
          clearTimeout(timer);
          listeners.delete(check);
        };
        listeners.add(check);
        check();
      });
    },
    close: () => new Promise((r) => server.close(() => r())),
  };
}
