import net from 'node:net';
import { started } from './release.js';

/**
 * A TCP relay between the service and its database, so tests can take the database away and
 * bring it back without touching the real server: `cut` resets every connection and refuses new
 * ones, `hang` accepts connections but never answers, `delay` slows every packet down.
 */
export class TcpProxy {
  private server = net.createServer((socket) => this.accept(socket));
  private sockets = new Set<net.Socket>();
  private mode: 'open' | 'cut' | 'hang' = 'open';
  private delayMs = 0;

  constructor(
    private readonly targetHost: string,
    private readonly targetPort: number,
  ) {}

  static async for(url: string): Promise<{ proxy: TcpProxy; url: string }> {
    const target = new URL(url);
    const proxy = new TcpProxy(target.hostname, Number(target.port || 5432));
    const port = await proxy.listen();
    proxy.close = started(`a TCP proxy to ${target.host}`, () => proxy.shutdown());
    const proxied = new URL(url);
    proxied.hostname = '127.0.0.1';
    proxied.port = String(port);
    return { proxy, url: proxied.toString() };
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return (this.server.address() as net.AddressInfo).port;
  }

  cut(): void {
    this.mode = 'cut';
    for (const socket of this.sockets) socket.destroy();
  }

  hang(): void {
    this.mode = 'hang';
    for (const socket of this.sockets) socket.destroy();
  }

  delay(ms: number): void {
    this.delayMs = ms;
  }

  restore(): void {
    this.mode = 'open';
    this.delayMs = 0;
  }

  /** Stops the proxy (once, however often it is called). */
  close: () => Promise<void> = () => this.shutdown();

  private async shutdown(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: net.Socket): void {
    this.sockets.add(client);
    client.on('close', () => this.sockets.delete(client));
    client.on('error', () => client.destroy());
    if (this.mode === 'cut') return void client.destroy();
    if (this.mode === 'hang') return;
    const upstream = net.connect(this.targetPort, this.targetHost);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      client.destroy();
    });
    upstream.on('error', () => upstream.destroy());
    client.on('close', () => upstream.destroy());
    const relay = (from: net.Socket, to: net.Socket) =>
      from.on('data', (chunk) => {
        if (this.delayMs === 0) to.write(chunk);
        else setTimeout(() => to.writable && to.write(chunk), this.delayMs);
      });
    relay(client, upstream);
    relay(upstream, client);
  }
}
