/**
 * Colour at the edge: whether a stream gets colour, and the palette that paints it with Node's
 * own `util.styleText`.
 */
import * as util from 'node:util';
import { type Palette, PLAIN } from './format.js';

/** What colour is decided from: a stream's own answers, and the environment. */
export interface ColorSignals {
  isTTY: boolean;
  /** `tty.WriteStream.hasColors()`; it already honours `NO_COLOR`, `FORCE_COLOR` and `TERM=dumb`. */
  hasColors: boolean;
  env: Readonly<Record<string, string | undefined>>;
}

/**
 * Colour only on a terminal that has it, and never when `NO_COLOR` is set to anything
 * (https://no-color.org).
 *
 * @example
 * wantsColor({ isTTY: false, hasColors: false, env: {} }); // false: a pipe or a file
 */
export function wantsColor(signals: ColorSignals): boolean {
  const noColor = signals.env.NO_COLOR;
  if (noColor !== undefined && noColor !== '') return false;
  return signals.isTTY && signals.hasColors;
}

type Format = Parameters<typeof util.styleText>[0];

/**
 * The palette for a stream: {@link PLAIN} without colour, `util.styleText` with it. Node before
 * 20.12 has no `styleText`, and gets no colour rather than a crash.
 *
 * @example
 * paletteFor(true).finding('strict-void'); // '\x1b[31mstrict-void\x1b[39m'
 */
export function paletteFor(color: boolean): Palette {
  const styleText: typeof util.styleText | undefined = util.styleText;
  if (!color || typeof styleText !== 'function') return PLAIN;
  // The caller already decided; stop styleText from second-guessing it against process.stdout.
  const paint = (format: Format) => (text: string) =>
    styleText(format, text, { validateStream: false });
  return {
    finding: paint('red'),
    note: paint('yellow'),
    healthy: paint('green'),
    location: paint('bold'),
    dim: paint('gray'),
  };
}
