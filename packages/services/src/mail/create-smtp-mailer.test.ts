import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSmtpMailer } from './create-smtp-mailer';

interface Received {
  auth: string[];
  from: string[];
  to: string[];
  data: string[];
}

/** Just enough of an SMTP server (RFC 5321) on a random loopback port to receive one message. */
async function startSmtpServer(options: { refuseRecipients?: boolean } = {}) {
  const received: Received = { auth: [], from: [], to: [], data: [] };
  const server: Server = createServer((socket) => {
    let buffer = '';
    let inData = false;
    let body = '';
    socket.setEncoding('utf8');
    socket.write('220 localhost ESMTP test\r\n');
    socket.on('data', (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf('\r\n'); end !== -1; end = buffer.indexOf('\r\n')) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (inData) {
          if (line === '.') {
            inData = false;
            received.data.push(body);
            body = '';
            socket.write('250 2.0.0 queued\r\n');
          } else body += `${line.startsWith('..') ? line.slice(1) : line}\n`;
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') socket.write('250-localhost\r\n250 AUTH PLAIN LOGIN\r\n');
        else if (verb === 'HELO') socket.write('250 localhost\r\n');
        else if (verb === 'AUTH') {
          received.auth.push(Buffer.from(line.split(' ')[2] ?? '', 'base64').toString('utf8'));
          socket.write('235 2.7.0 ok\r\n');
        } else if (verb === 'MAIL') {
          received.from.push(line);
          socket.write('250 2.1.0 ok\r\n');
        } else if (verb === 'RCPT') {
          received.to.push(line);
          socket.write(
            options.refuseRecipients ? '550 5.1.1 no such user\r\n' : '250 2.1.5 ok\r\n',
          );
        } else if (verb === 'DATA') {
          inData = true;
          socket.write('354 go ahead\r\n');
        } else if (verb === 'QUIT') {
          socket.end('221 bye\r\n');
        } else if (verb === 'RSET' || verb === 'NOOP') socket.write('250 ok\r\n');
        else socket.write('502 5.5.2 not implemented\r\n');
      }
    });
    socket.on('error', () => {});
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return { port, received, close: () => server.close() };
}

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

describe('createSmtpMailer', () => {
  it('delivers through the SMTP URL with its credentials and the configured sender', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer({
      url: `smtp://mailer%40example.com:p%40ss@127.0.0.1:${smtp.port}`,
      from: 'Toolplane <no-reply@example.com>',
    });
    cleanups.push(mailer.close);
    await mailer.send({
      to: 'ada@example.com',
      subject: 'Reset your Toolplane password',
      text: 'Set a new password:\nhttp://app/reset-password/abc\n.\nbye',
    });
    expect(smtp.received.auth).toEqual(['\0mailer@example.com\0p@ss']);
    expect(smtp.received.from).toEqual([expect.stringContaining('<no-reply@example.com>')]);
    expect(smtp.received.to).toEqual([expect.stringContaining('<ada@example.com>')]);
    const [message] = smtp.received.data;
    expect(message).toMatch(/^Subject: Reset your Toolplane password$/m);
    expect(message).toMatch(/^From: Toolplane <no-reply@example.com>$/m);
    expect(message).toMatch(/^To: ada@example.com$/m);
    expect(message).toContain('http://app/reset-password/abc\n.\nbye');
  });

  it('fails without repeating the message when the server refuses it', async () => {
    const smtp = await startSmtpServer({ refuseRecipients: true });
    cleanups.push(smtp.close);
    const mailer = createSmtpMailer({
      url: `smtp://127.0.0.1:${smtp.port}`,
      from: 'no-reply@example.com',
    });
    cleanups.push(mailer.close);
    const error: Error = await mailer
      .send({ to: 'ghost@example.com', subject: 'Secret subject', text: 'link-token-123' })
      .then(() => {
        throw new Error('expected a failure');
      })
      .catch((e: Error) => e);
    expect(error.message).toMatch(/^SMTP delivery failed/);
    expect(error.message).not.toContain('link-token-123');
    expect(error.message).not.toContain('ghost@example.com');
    expect(smtp.received.data).toEqual([]);
  });
});
