import type { Mailer, MailMessage } from '@toolplane/services';

/**
 * Where mail goes when no SMTP server is configured: kept in this process (the last 50
 * messages) and shown at /dev/outbox outside production, so password reset works locally.
 */
const messages: (MailMessage & { at: Date })[] = [];

export const devOutbox: Mailer & { list(): readonly (MailMessage & { at: Date })[] } = {
  async send(message) {
    messages.unshift({ ...message, at: new Date() });
    messages.length = Math.min(messages.length, 50);
  },
  list: () => messages,
};
