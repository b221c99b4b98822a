/**
 * Text that arrives in pieces. Deltas are kept in arrays and joined once, so a million one-byte
 * deltas cost linear time, not the quadratic cost of growing one string.
 */
import { JsonScanner, type JsonState } from '../json/scanner.js';

/**
 * The pieces of one text field (`content`, `text`, `thinking`...).
 *
 * @example
 * ```ts
 * const content = new TextPieces();
 * content.push('Hel');
 * content.push('lo');
 * content.text(); // 'Hello'
 * ```
 */
export class TextPieces {
  private pieces: string[] = [];
  private received = false;

  /** Whether any piece arrived, even an empty one (so `content: ""` differs from no content). */
  get seen(): boolean {
    return this.received;
  }

  push(piece: string): void {
    this.received = true;
    if (piece !== '') this.pieces.push(piece);
  }

  /** Replaces everything with the provider's final text (a `.done` event). */
  replace(whole: string): void {
    this.received = true;
    this.pieces = whole === '' ? [] : [whole];
  }

  text(): string {
    // Joining compacts, so asking again costs one more join of what came since.
    if (this.pieces.length > 1) this.pieces = [this.pieces.join('')];
    return this.pieces[0] ?? '';
  }
}

/**
 * The argument text of one call, with a resumable JSON scanner fed each delta as it arrives, so
 * knowing whether the text is complete JSON never re-scans the growing buffer.
 *
 * @example
 * ```ts
 * const args = new ArgumentBuffer();
 * args.push('{"city": "Os');
 * args.state; // 'truncated'
 * args.push('lo"}');
 * args.state; // 'parses'
 * ```
 */
export class ArgumentBuffer {
  private readonly pieces = new TextPieces();
  private scanner = new JsonScanner();

  get seen(): boolean {
    return this.pieces.seen;
  }

  get length(): number {
    return this.scanner.length;
  }

  push(delta: string): void {
    this.pieces.push(delta);
    this.scanner.push(delta);
  }

  /** The provider's final text (`function_call_arguments.done`, `output_item.done`). */
  replace(whole: string): void {
    this.pieces.replace(whole);
    this.scanner = new JsonScanner().push(whole);
  }

  get state(): JsonState {
    return this.scanner.state;
  }

  text(): string {
    return this.pieces.text();
  }
}

/** How many bytes {@link BatchedUtf8Decoder} gathers before it decodes them in one call. */
const DECODE_BATCH_BYTES = 64 * 1024;

/**
 * A streaming UTF-8 decoder for byte chunks of any size. One `TextDecoder.decode` call per
 * chunk costs more than the chunk's bytes when they arrive a few at a time (network reads of 1
 * to 16 bytes), so small chunks are copied into a batch and decoded together. Copying at once
 * means a producer that reuses its buffer cannot change what was received.
 *
 * @example
 * ```ts
 * const decoder = new BatchedUtf8Decoder();
 * let text = decoder.push(new Uint8Array([0xe2, 0x82])); // '' (gathered)
 * text += decoder.push(new Uint8Array([0xac])); // '' (gathered)
 * text += decoder.flush(); // '€'
 * ```
 */
export class BatchedUtf8Decoder {
  private readonly decoder = new TextDecoder();
  private readonly batch = new Uint8Array(DECODE_BATCH_BYTES);
  private used = 0;

  /** Takes a chunk; returns the text decoded so far, or '' while the batch is filling. */
  push(chunk: Uint8Array): string {
    if (this.used + chunk.length <= DECODE_BATCH_BYTES) {
      this.batch.set(chunk, this.used);
      this.used += chunk.length;
      return this.used === DECODE_BATCH_BYTES ? this.decodeBatch() : '';
    }
    return this.decodeBatch() + this.decoder.decode(chunk, { stream: true });
  }

  /** Everything still held, with an incomplete trailing character as U+FFFD. */
  flush(): string {
    return this.decodeBatch() + this.decoder.decode();
  }

  private decodeBatch(): string {
    if (this.used === 0) return '';
    const text = this.decoder.decode(this.batch.subarray(0, this.used), { stream: true });
    this.used = 0;
    return text;
  }
}
