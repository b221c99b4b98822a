/**
 * A real HTTP server on 127.0.0.1 for the CLI's `fetch`, and the CLI run in-process against it
 * with the real `fetch`, so timeouts, hung sockets and odd bodies are the network's own.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { main } from '../../src/cli/main.js';
import { memoryIo } from '../cli/support.js';

export type Route = (request: IncomingMessage, response: ServerResponse) => void;

export interface LocalServer {
  /** `http://127.0.0.1:PORT/v1` */
  base: string;
  /** Every path asked for, in order. */
  paths: string[];
  /** Every request's headers, in order. */
  headers: IncomingMessage['headers'][];
  route: Route;
  close(): Promise<void>;
}

/** Starts a server whose answers `route` decides; replace `route` between tests. */
export async function startServer(route: Route): Promise<LocalServer> {
  const open = new Set<ServerResponse>();
  const state: LocalServer = {
    base: '',
    paths: [],
    headers: [],
    route,
    close: () =>
      new Promise<void>((resolve) => {
        // A hung response would hold close() open for ever.
        for (const response of open) response.destroy();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server: Server = createServer((request, response) => {
    state.paths.push(request.url ?? '');
    state.headers.push(request.headers);
    open.add(response);
    response.on('close', () => open.delete(response));
    state.route(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return state;
}

/** What one in-process run of the CLI printed. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs the CLI in this process with the real `fetch`, the given environment and nothing else. */
export async function runCli(
  argv: readonly string[],
  env: Record<string, string> = {},
): Promise<CliRun> {
  const io = memoryIo({ env, fetch: globalThis.fetch });
  const code = await main(argv, io);
  return { code, stdout: io.stdout.text(), stderr: io.stderr.text() };
}
