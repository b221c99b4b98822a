/**
 * The README's "Diagnoses without a test framework" sample, run as written when samples.test.ts
 * imports this module, with `request` and `response` from the first failing assertion.
 */
import * as firstExchange from '../first-exchange.js';

const { request, response } = firstExchange;

// --- README: Diagnoses without a test framework ---
import {
  diagnoseCalls,
  diagnoseStrictGuarantee,
  diagnoseTruncation,
  jsonState,
} from 'tool-call-health';

// request and response: the exchange from the first failing assertion above
for (const verdict of diagnoseCalls({ request, response })) {
  if (verdict.state !== 'dispatchable') console.log(verdict.state, verdict.problems);
}
// arguments-violate-schema [ 'arguments.amount_cents: expected integer, got string' ]

diagnoseTruncation(response).state; // 'complete'
diagnoseStrictGuarantee({ request, response }).state; // 'strict-serialised'
jsonState('{"city": "Par'); // 'truncated': a proper prefix of a valid document
jsonState('{"city" "Paris"}'); // 'malformed'
// --- end ---
