/**
 * What the Vercel AI SDK's objects look like, told by their own fields alone: `ai` is never
 * imported, so these read the shapes its classes give their instances (AI SDK 6 and 7).
 *
 * - a `generateText` result (`DefaultGenerateTextResult`): own `steps`, `_output`, `totalUsage`;
 * - a step (`DefaultStepResult`): own `stepNumber`, `model`, `content`, `finishReason`,
 *   `rawFinishReason`, `usage`, `warnings`, `request`, `response`, `providerMetadata`;
 * - a `streamText` result (`DefaultStreamTextResult`): own `_steps`, `_totalUsage`,
 *   `baseStream`, whose facts are promises.
 */
import type { Json } from '../../model/narrow.js';

/** What an AI SDK value is, when it is one. */
export type AiSdkValue = 'result' | 'steps' | 'step' | 'stream-result';

/**
 * Whether a value is an AI SDK step: a record with its own `stepNumber`, or its own `content`
 * list beside a `finishReason` (what a step keeps when serialised without its number). No
 * provider body has either: Anthropic's `content[]` comes with `stop_reason`, and Gemini's
 * `finishReason` sits on a candidate whose `content` is an object.
 *
 * @example
 * isStep(result.steps[0]); // true
 */
export function isStep(value: unknown): boolean {
  // Own fields asked for by name, not copied: a step is a class instance, and copying one for
  // each question was the costliest part of reading a result.
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const step = value as Json;
  if (Object.hasOwn(step, 'stepNumber') && typeof step.stepNumber === 'number') return true;
  return (
    Object.hasOwn(step, 'content') &&
    Array.isArray(step.content) &&
    Object.hasOwn(step, 'finishReason')
  );
}

/**
 * Which AI SDK value this is, or `null`: a `generateText` result, a list of steps (a consumed
 * `streamText` result's `await result.steps`), one step, or a `streamText` result itself.
 *
 * @example
 * aiSdkValueOf(await generateText({ model, tools, prompt })); // 'result'
 */
export function aiSdkValueOf(value: Json | unknown[]): AiSdkValue | null {
  if (Array.isArray(value)) return value.length > 0 && isStep(value[0]) ? 'steps' : null;
  if (
    Object.hasOwn(value, '_steps') &&
    (Object.hasOwn(value, 'baseStream') || Object.hasOwn(value, '_totalUsage'))
  ) {
    return 'stream-result';
  }
  if (Object.hasOwn(value, 'steps')) {
    const steps = value.steps;
    if (Object.hasOwn(value, 'totalUsage') || Object.hasOwn(value, '_output')) return 'result';
    if (Array.isArray(steps) && steps.length > 0 && isStep(steps[0])) return 'result';
    return null;
  }
  return isStep(value) ? 'step' : null;
}
