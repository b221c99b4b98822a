/**
 * SSE text to event payloads, with `eventsource-parser` doing the framing (CRLF, CR, multi-line
 * `data:`, comments, `id:` and `retry:` fields).
 */
import { createParser } from 'eventsource-parser';
import { plural } from '../text/plural.js';
import { type Notebook, preview } from './notes.js';

/**
 * One dispatched SSE event: its joined `data:` lines and its `event:` name, if any.
 *
 * @example
 * ```ts
 * const payload: SsePayload = { data: '{"type":"message_stop"}', eventName: 'message_stop' };
 * ```
 */
export interface SsePayload {
  data: string;
  eventName: string | undefined;
}

/**
 * Feeds SSE text in pieces of any size; `end()` reads a last event left without its blank line.
 *
 * @example
 * ```ts
 * decoder.feed('data: {"a"');
 * decoder.feed(':1}\n\n'); // one payload: '{"a":1}'
 * decoder.end();
 * ```
 */
export interface SseDecoder {
  feed(text: string): void;
  end(): void;
}

/**
 * An SSE decoder that hands each event's payload on and puts what it skipped (comments, lines
 * that are no SSE field, a last event without its blank line) into the notes.
 *
 * @example
 * ```ts
 * const decoder = createSseDecoder((payload) => reader.pushPayload(payload), notes);
 * decoder.feed(text);
 * decoder.end();
 * ```
 */
export function createSseDecoder(
  onPayload: (payload: SsePayload) => void,
  notes: Notebook,
): SseDecoder {
  let atStart = true;
  let endsWithCarriageReturn = false;
  let flushing = false;
  let firstJunk = '';
  const parser = createParser({
    onEvent(message) {
      if (flushing) {
        notes.add(
          'the text ended without the blank line that closes its last event; that event was read anyway',
        );
      }
      onPayload({ data: message.data, eventName: message.event });
    },
    onError(error) {
      if (firstJunk === '') firstJunk = error.line ?? error.message;
      notes.tally(
        'sse-junk',
        (count) =>
          `${plural(count, 'line')} that ${count === 1 ? 'is' : 'are'} not an SSE field skipped (the first: ${preview(firstJunk)})`,
      );
    },
    onComment() {
      notes.tally('sse-comment', (count) => `${plural(count, 'SSE comment line')} skipped`);
    },
  });
  return {
    feed(text) {
      if (text === '') return;
      if (atStart) {
        atStart = false;
        // TextDecoder drops a byte-order mark, but text handed in as a string may still carry one.
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      endsWithCarriageReturn = text.endsWith('\r');
      parser.feed(text);
    },
    end() {
      // The SSE spec drops an event that lacks its closing blank line when the stream ends, and
      // so does the parser (even `reset({ consume: true })` only parses the pending line, it
      // never dispatches). A recorded or cut stream often ends exactly there, so close it
      // explicitly and say so.
      // A final CR waits in the parser in case an LF follows; that LF would not change what
      // the CR means, so supplying it first settles a blank line the text did end with.
      if (endsWithCarriageReturn) parser.feed('\n');
      flushing = true;
      parser.feed('\n\n');
      flushing = false;
    },
  };
}
