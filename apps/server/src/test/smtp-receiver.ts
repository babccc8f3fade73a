/**
 * A minimal SMTP server for the mail tests (no smtp-server package in the tree): enough of RFC 5321 for
 * nodemailer without TLS or auth. It keeps every message it accepted; `down()` stops listening (senders
 * are refused), `up()` listens again on the same port.
 */
import { createServer, type Server, type Socket } from 'node:net';

export type Received = { from: string; to: string[]; data: string };

export type SmtpReceiver = {
  port: number;
  url: string;
  received: Received[];
  up: () => Promise<void>;
  down: () => Promise<void>;
};

function serve(socket: Socket, received: Received[]): void {
  let buffer = '';
  let inData = false;
  let mail: Received = { from: '', to: [], data: '' };
  const reply = (line: string) => socket.write(`${line}\r\n`);
  reply('220 test-smtp ready');
  socket.on('error', () => undefined);
  socket.on('data', (chunk: Buffer) => {
    buffer += chunk.toString('utf8');
    for (;;) {
      if (inData) {
        const end = buffer.indexOf('\r\n.\r\n');
        if (end < 0) return;
        mail.data = buffer.slice(0, end);
        buffer = buffer.slice(end + 5);
        inData = false;
        received.push(mail);
        mail = { from: '', to: [], data: '' };
        reply('250 queued');
        continue;
      }
      const eol = buffer.indexOf('\r\n');
      if (eol < 0) return;
      const line = buffer.slice(0, eol);
      buffer = buffer.slice(eol + 2);
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === 'MAIL') mail.from = line.slice(10);
      if (verb === 'RCPT') mail.to.push(line.slice(8));
      if (verb === 'RSET') mail = { from: '', to: [], data: '' };
      if (verb === 'DATA') inData = true;
      const answers: Record<string, string> = {
        EHLO: '250 test-smtp',
        HELO: '250 test-smtp',
        MAIL: '250 ok',
        RCPT: '250 ok',
        RSET: '250 ok',
        NOOP: '250 ok',
        DATA: '354 go on',
        QUIT: '221 bye',
      };
      reply(answers[verb] ?? '502 not implemented');
      if (verb === 'QUIT') socket.end();
    }
  });
}

export function smtpReceiver(port: number): SmtpReceiver {
  const received: Received[] = [];
  let server: Server | null = null;
  const sockets = new Set<Socket>();
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    up: () =>
      new Promise((resolve, reject) => {
        const s = createServer((socket) => {
          sockets.add(socket);
          socket.on('close', () => sockets.delete(socket));
          serve(socket, received);
        });
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => resolve());
        server = s;
      }),
    down: () =>
      new Promise((resolve) => {
        if (!server) return resolve();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
        server = null;
      }),
  };
}
