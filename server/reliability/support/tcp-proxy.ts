import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of the database, standing in for the network: `cut()` drops every connection and refuses
 * new ones (the database is gone), `restore()` lets connections through again on the same port.
 */
export class TcpProxy {
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();
  private port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<number> {
    await this.listen(0);
    return this.port;
  }

  /** Drops every open connection and closes the port: new connections are refused. */
  async cut(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    for (const socket of this.sockets) socket.destroy();
    this.sockets.clear();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  }

  async restore(): Promise<void> {
    await this.listen(this.port);
  }

  private listen(port: number): Promise<void> {
    const server = createServer((client) => {
      const upstream = connect(this.target.port, this.target.host);
      for (const socket of [client, upstream]) {
        this.sockets.add(socket);
        socket.on('close', () => this.sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream).pipe(client);
    });
    this.server = server;
    return new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        const address = server.address();
        this.port = typeof address === 'object' && address ? address.port : port;
        resolve();
      });
    });
  }
}
