import nodemailer from 'nodemailer';
import type { Mailer } from '../service-deps';

export interface SmtpMailerOptions {
  /** `smtp://user:pass@host:587` (STARTTLS when the server offers it) or `smtps://…:465`. */
  url: string;
  /** The From header, e.g. `Toolplane <no-reply@example.com>`. */
  from: string;
}

/**
 * Sends mail through one SMTP server (nodemailer, one connection per message). The URL is taken
 * apart here because nodemailer ignores every other option when given a URL. Its logger stays
 * off: it would print the dialogue, and with it message bodies and reset links. A failure
 * surfaces as an error naming only nodemailer's error code, never the message or recipient.
 */
export function createSmtpMailer(options: SmtpMailerOptions): Mailer & { close(): void } {
  const url = new URL(options.url);
  const secure = url.protocol === 'smtps:';
  const transport = nodemailer.createTransport(
    {
      host: url.hostname.replace(/^\[|\]$/g, ''),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      auth: url.username
        ? { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) }
        : undefined,
      logger: false,
      debug: false,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 20_000,
    },
    { from: options.from },
  );
  return {
    async send(message) {
      try {
        await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        throw new Error(`SMTP delivery failed${typeof code === 'string' ? ` (${code})` : ''}`);
      }
    },
    close: () => transport.close(),
  };
}
