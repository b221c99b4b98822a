/**
 * The real AWS SDK client against msw: Converse bodies and ConverseStream event-stream bytes
 * served for a model id, and what the client returns read back.
 */
import { BedrockRuntimeClient } from '@aws-sdk/client-bedrock-runtime';
import { EventStreamCodec } from '@smithy/eventstream-codec';
import { NodeHttpHandler } from '@smithy/node-http-handler';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';
import { HttpResponse, http } from 'msw';
import type { Json } from '../../../src/model/narrow.js';
import { joinBytes } from '../../../src/stream/event-stream-codec.js';

export const REGION = 'us-east-1';
export const HOST = `https://bedrock-runtime.${REGION}.amazonaws.com`;

/**
 * A client made after `server.listen()`, with fake credentials and no retries. Bedrock Runtime's
 * client speaks HTTP/2 by default (for its bidirectional streams), which msw does not intercept;
 * Converse and ConverseStream are plain HTTP/1.1 requests, sent here through the HTTP/1.1 handler.
 */
export const client = () =>
  new BedrockRuntimeClient({
    region: REGION,
    credentials: { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'x' },
    maxAttempts: 1,
    requestHandler: new NodeHttpHandler(),
  });

const codec = new EventStreamCodec(toUtf8, fromUtf8);

/** A random-length padding, as Bedrock pads every event's JSON with `p`. */
const padding = (index: number) =>
  'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0'.slice(0, 3 + ((index * 7) % 40));

/** One event-stream message: an event, or an exception. */
export function message(event: Json, index = 0): Uint8Array {
  const [name, body] = Object.entries(event)[0] as [string, Json];
  const exception = name.endsWith('Exception');
  return codec.encode({
    headers: exception
      ? {
          ':exception-type': { type: 'string', value: name },
          ':content-type': { type: 'string', value: 'application/json' },
          ':message-type': { type: 'string', value: 'exception' },
        }
      : {
          ':event-type': { type: 'string', value: name },
          ':content-type': { type: 'string', value: 'application/json' },
          ':message-type': { type: 'string', value: 'event' },
        },
    body: fromUtf8(JSON.stringify(exception ? body : { ...body, p: padding(index) })),
  });
}

/** Events as the bytes of one ConverseStream body. */
export function eventStream(events: readonly Json[]): Uint8Array {
  return concat(events.map((event, index) => message(event, index)));
}

/** Pieces as one stream's bytes (the library's own join; the messages are the AWS SDK's). */
export const concat = joinBytes;

/** Serves `bodies[modelId]` on `/converse`, and `streams[modelId]` on `/converse-stream`. */
export function bedrockHandlers(
  bodies: Record<string, Json>,
  streams: Record<string, Uint8Array> = {},
) {
  return [
    http.post(`${HOST}/model/:model/converse`, ({ params }) => {
      const body = bodies[String(params.model)];
      if (body === undefined) {
        return HttpResponse.json(
          { message: 'The provided model identifier is invalid.' },
          { status: 400, headers: { 'x-amzn-ErrorType': 'ValidationException:http://internal' } },
        );
      }
      return HttpResponse.json(body, { headers: { 'x-amzn-RequestId': 'req-1' } });
    }),
    http.post(`${HOST}/model/:model/converse-stream`, ({ params }) => {
      const bytes = streams[String(params.model)];
      if (bytes === undefined) {
        return HttpResponse.json(
          { message: 'Too many requests, please wait before trying again.' },
          { status: 429, headers: { 'x-amzn-ErrorType': 'ThrottlingException:http://internal' } },
        );
      }
      return new HttpResponse(bytes, {
        headers: { 'content-type': 'application/vnd.amazon.eventstream' },
      });
    }),
  ];
}
