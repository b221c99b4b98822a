/**
 * The scenarios recorded into recordings/: what the customer says, how the agent is set up, what
 * the model does, and what tool-call-health says about the turn. record/record-scenarios.ts
 * records them; recordings.test.ts replays them.
 */
import type { CallState, StrictState, TruncationState } from 'tool-call-health';
import type { AgentOptions } from './agent.js';
import { call, type Plan } from './stand-in-provider.js';

export interface Scenario {
  message: string;
  options: AgentOptions;
  plan: Plan;
  diagnoses: { calls: CallState[]; truncation: TruncationState; strict: StrictState };
}

export const SCENARIOS: Record<string, Scenario> = {
  'lookup-order': {
    message: 'Where is my order A-1042? It said shipped three days ago.',
    options: {},
    plan: { calls: [call('lookup_order', { order_id: 'A-1042', include_items: false })] },
    diagnoses: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
  },
  'refund-damaged-kettle': {
    message: 'The kettle from order A-2011 arrived with a cracked lid. Please refund it.',
    options: {},
    plan: {
      calls: [
        call('issue_refund', {
          order_id: 'A-2011',
          reason: 'damaged',
          currency: 'eur',
          amount_cents: 4_500,
          note: 'Sorry about the lid. The refund reaches your card in 3 to 5 days.',
        }),
      ],
    },
    diagnoses: { calls: ['dispatchable'], truncation: 'complete', strict: 'strict-serialised' },
  },
  'ticket-cut-by-the-ceiling': {
    message:
      'My fridge from A-2012 arrived with a dented door and a cracked drawer. I need someone to come and look at it this week.',
    options: { maxOutputTokens: 120 },
    plan: {
      calls: [
        call('create_ticket', {
          order_id: 'A-2012',
          category: 'damaged',
          summary:
            'Fridge from A-2012 arrived with a dented door and a cracked crisper drawer; the courier left it on the kerb. The customer has photos and wants a technician visit this week rather than a refund.',
          priority: 'high',
        }),
      ],
    },
    diagnoses: {
      calls: ['arguments-truncated'],
      truncation: 'truncated-by-length',
      strict: 'strict-serialised',
    },
  },
  'parallel-lookups': {
    message: 'Where are my orders A-2011 and A-2012?',
    options: { parallelToolCalls: true },
    plan: {
      calls: [
        call('lookup_order', { order_id: 'A-2011', include_items: false }),
        call('lookup_order', { order_id: 'A-2012', include_items: false }),
      ],
    },
    diagnoses: {
      calls: ['dispatchable', 'dispatchable'],
      truncation: 'complete',
      strict: 'strict-void',
    },
  },
  'parallel-refund-amount-as-text': {
    message: 'Check A-2012 and refund me 49.99 pounds for the dent.',
    options: { parallelToolCalls: true },
    plan: {
      calls: [
        call('lookup_order', { order_id: 'A-2012', include_items: true }),
        call('issue_refund', {
          order_id: 'A-2012',
          reason: 'damaged',
          currency: 'gbp',
          amount_cents: '49.99',
          note: null,
        }),
      ],
    },
    diagnoses: {
      calls: ['dispatchable', 'arguments-violate-schema'],
      truncation: 'complete',
      strict: 'strict-void',
    },
  },
};
