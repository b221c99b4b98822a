// Writes src/schema/meta-validators.generated.ts: Ajv's own meta-schemas (draft 2020-12 and
// draft-07) compiled ahead of time with Ajv's standalone code generator. Compiling the 2020-12
// meta-schema at run time took about 45 ms, paid by every process (and every vitest test file)
// that checks one schema; the generated validator loads in about 5 ms and answers the same.
// `npm run meta-validators` writes it; a test fails when Ajv's output has changed since.

import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const { Ajv } = require('ajv');
const { Ajv2020 } = require('ajv/dist/2020.js');
const standaloneCode = require('ajv/dist/standalone').default;

export const GENERATED = fileURLToPath(
  new URL('../src/schema/meta-validators.generated.ts', import.meta.url),
);

const DIALECTS = [
  ['draft202012', Ajv2020, 'https://json-schema.org/draft/2020-12/schema'],
  ['draft07', Ajv, 'http://json-schema.org/draft-07/schema'],
];

/** Ajv's CommonJS output, wrapped in a function that is handed `require` and returns the validator. */
function validatorSource(name, AjvClass, id) {
  // The options that change what is valid are the runtime's (strict off); errors are not read
  // here (an invalid schema is worded by Ajv at run time), so the first error may stop it.
  const ajv = new AjvClass({ code: { source: true }, strict: false, logger: false });
  const code = standaloneCode(ajv, ajv.getSchema(id));
  const body = code
    .replace('"use strict";', '')
    .replace(/module\.exports = (\w+);module\.exports\.default = \1;/, 'const exported = $1;');
  if (!body.includes('const exported = '))
    throw new Error(`unexpected standalone output for ${id}`);
  return `export function ${name}(require: (id: string) => any) {\n${body}\nreturn exported;\n}\n`;
}

export function generatedSource() {
  return [
    '// @ts-nocheck',
    '// Written by scripts/meta-validators.mjs (`npm run meta-validators`) from the installed Ajv; do not edit.',
    '// Each function returns a validator that answers as Ajv.validateSchema does for its dialect.',
    ...DIALECTS.map(([name, AjvClass, id]) => validatorSource(name, AjvClass, id)),
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(GENERATED, generatedSource());
  console.log(`wrote ${GENERATED}`);
}
