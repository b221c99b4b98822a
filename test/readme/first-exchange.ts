/**
 * `request` and `response` as "Your first failing assertion" defines them, read from the README
 * itself, for the samples that say "the exchange from the first failing assertion above".
 */
import { readmeBlock } from './readme.js';

const sample = readmeBlock('Your first failing assertion › // test/refund.test.ts').text;

/** The object literal assigned to `const <name> = {...};` in the sample (plain JavaScript). */
function literal(name: string): unknown {
  const found = new RegExp(`^const ${name} = (\\{[\\s\\S]*?^\\});$`, 'm').exec(sample);
  if (!found) throw new Error(`the first sample no longer defines const ${name} = {...};`);
  return new Function(`return (${found[1]});`)();
}

export const request = literal('request');
export const response = literal('response');
