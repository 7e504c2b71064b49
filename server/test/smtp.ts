import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface Received {
  from: string | undefined;
  to: string[];
  raw: string;
}

/** Connections a server was opened: in all, and the most open at once. */
export interface Connections {
  opened: number;
  open: number;
  most: number;
}

/** A real SMTP server in the test process, keeping what it receives and counting its connections. */
export async function startSmtpServer(
  port = 0,
): Promise<{ port: number; received: Received[]; connections: Connections; close(): Promise<void> }> {
  const received: Received[] = [];
  const connections: Connections = { opened: 0, open: 0, most: 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onConnect(_session, callback) {
      connections.opened += 1;
      connections.open += 1;
      connections.most = Math.max(connections.most, connections.open);
      callback();
    },
    onClose() {
      connections.open -= 1;
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    port: (server.server.address() as AddressInfo).port,
    received,
    connections,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
