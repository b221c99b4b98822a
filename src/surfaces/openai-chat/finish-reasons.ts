/**
 * The `finish_reason` values that OpenAI and the servers speaking its Chat Completions API
 * document, each read into the model's {@link StopKind}: data only, one entry per reason, each
 * with the servers that document it and where.
 */
import type { StopReason, StopReasons } from '../stop-reasons.js';

/** Where one server documents a finish reason. */
export interface FinishReasonSource {
  server: string;
  url: string;
}

/** One documented finish reason and what it means in the model's vocabulary, with who says so. */
export interface ChatFinishReason extends StopReason {
  documentedBy: readonly FinishReasonSource[];
}

/** When the sources below were read. */
export const CHAT_FINISH_REASONS_READ = '2026-12-01';

const OPENAI = {
  server: 'OpenAI',
  url: 'https://platform.openai.com/docs/api-reference/chat/object',
};
const VLLM_ENGINE = {
  server: 'vLLM',
  url: 'https://github.com/vllm-project/vllm/blob/main/vllm/v1/engine/__init__.py',
};
const VLLM_CHAT = {
  server: 'vLLM',
  url: 'https://github.com/vllm-project/vllm/blob/main/vllm/entrypoints/openai/serving_chat.py',
};
// together-ai 0.52.0: finish_reason: 'stop' | 'eos' | 'length' | 'tool_calls' | 'function_call'.
const TOGETHER = {
  server: 'Together',
  url: 'https://github.com/togethercomputer/together-typescript/blob/main/src/resources/chat/completions.ts',
};
// groq-sdk 1.6.0: finish_reason: 'stop' | 'length' | 'tool_calls' | 'function_call'.
const GROQ = {
  server: 'Groq',
  url: 'https://github.com/groq/groq-typescript/blob/main/src/resources/chat/completions.ts',
};
const FIREWORKS = {
  server: 'Fireworks',
  url: 'https://docs.fireworks.ai/api-reference/post-chatcompletions',
};
const DEEPSEEK = {
  server: 'DeepSeek',
  url: 'https://api-docs.deepseek.com/api/create-chat-completion',
};
// @mistralai/mistralai 2.7.0: ChatCompletionChoiceFinishReason stop | length | model_length | error | tool_calls.
const MISTRAL = {
  server: 'Mistral',
  url: 'https://github.com/mistralai/client-ts/blob/main/src/models/components/chatcompletionchoice.ts',
};
const OPENROUTER = {
  server: 'OpenRouter',
  url: 'https://openrouter.ai/docs/api/reference/overview',
};
// Ollama passes its done_reason through (openai/openai.go) and says tool_calls when it made calls.
const OLLAMA_COMPAT = {
  server: 'Ollama',
  url: 'https://github.com/ollama/ollama/blob/main/openai/openai.go',
};
const OLLAMA_API = {
  server: 'Ollama',
  url: 'https://github.com/ollama/ollama/blob/main/docs/api.md',
};
// Hugging Face text-generation-inference (TGI), through its OpenAI-compatible /v1/chat/completions:
// TextGenerationFinishReason length | eos_token | stop_sequence.
const TGI = {
  server: 'Hugging Face TGI',
  url: 'https://github.com/huggingface/huggingface.js/blob/main/packages/tasks/src/tasks/text-generation/spec/output.json',
};

/**
 * Every finish reason this library knows on a Chat Completions body. A reason not listed reads
 * as `other`, with a note naming it.
 *
 * @example
 * CHAT_FINISH_REASONS.find((entry) => entry.reason === 'eos')?.kind; // 'finished'
 */
export const CHAT_FINISH_REASONS: readonly ChatFinishReason[] = [
  {
    reason: 'stop',
    kind: 'finished',
    means: 'a natural end or one of the request’s stop sequences',
    documentedBy: [
      OPENAI,
      VLLM_ENGINE,
      TOGETHER,
      GROQ,
      FIREWORKS,
      DEEPSEEK,
      MISTRAL,
      OPENROUTER,
      OLLAMA_COMPAT,
    ],
  },
  {
    reason: 'tool_calls',
    kind: 'finished',
    means: 'the model called a tool',
    documentedBy: [OPENAI, VLLM_CHAT, TOGETHER, GROQ, DEEPSEEK, MISTRAL, OPENROUTER, OLLAMA_COMPAT],
  },
  {
    reason: 'function_call',
    kind: 'finished',
    means: 'the model called a legacy function (deprecated)',
    documentedBy: [OPENAI, TOGETHER, GROQ],
  },
  {
    reason: 'eos',
    kind: 'finished',
    means: 'the model wrote its end-of-sequence token',
    documentedBy: [TOGETHER],
  },
  {
    reason: 'eos_token',
    kind: 'finished',
    means: 'the model generated its end-of-sequence token',
    documentedBy: [TGI],
  },
  {
    reason: 'stop_sequence',
    kind: 'stop-sequence',
    means: 'the model generated a text listed in the request’s stop sequences',
    documentedBy: [TGI],
  },
  {
    reason: 'length',
    kind: 'ceiling',
    means:
      'the output-token ceiling was reached (vLLM also says it when the context length is reached)',
    documentedBy: [
      OPENAI,
      VLLM_ENGINE,
      TOGETHER,
      GROQ,
      FIREWORKS,
      DEEPSEEK,
      MISTRAL,
      OPENROUTER,
      OLLAMA_COMPAT,
      TGI,
    ],
  },
  {
    reason: 'model_length',
    kind: 'context-window',
    means: 'the model’s context length was reached',
    documentedBy: [MISTRAL],
  },
  {
    reason: 'content_filter',
    kind: 'filter',
    means: 'a content filter removed or stopped the output',
    documentedBy: [OPENAI, DEEPSEEK, OPENROUTER],
  },
  {
    reason: 'error',
    kind: 'failed',
    means: 'the server failed while generating',
    documentedBy: [VLLM_ENGINE, MISTRAL, OPENROUTER],
  },
  {
    reason: 'insufficient_system_resource',
    kind: 'failed',
    means: 'the inference system ran out of resources and interrupted the request',
    documentedBy: [DEEPSEEK],
  },
  {
    reason: 'abort',
    kind: 'other',
    means: 'the request was aborted before it finished',
    documentedBy: [VLLM_ENGINE],
  },
  {
    reason: 'repetition',
    kind: 'other',
    means: 'the server stopped a repeating token pattern',
    documentedBy: [VLLM_ENGINE],
  },
  {
    reason: 'load',
    kind: 'other',
    means: 'the model was loaded and nothing was generated',
    documentedBy: [OLLAMA_API],
  },
  {
    reason: 'unload',
    kind: 'other',
    means: 'the model was unloaded and nothing was generated',
    documentedBy: [OLLAMA_API],
  },
];

/**
 * The finish reasons as the table every surface keeps (`../stop-reasons.ts`).
 *
 * @example
 * CHAT_STOP_REASONS.field; // 'finish_reason'
 */
export const CHAT_STOP_REASONS: StopReasons = {
  field: 'finish_reason',
  reasons: CHAT_FINISH_REASONS,
  source: { url: OPENAI.url, read: CHAT_FINISH_REASONS_READ },
};

const BY_REASON = new Map(CHAT_FINISH_REASONS.map((entry) => [entry.reason, entry]));

/**
 * The documented meaning of a finish reason, or `undefined` for one no source lists.
 *
 * @example
 * chatFinishReason('model_length')?.kind; // 'context-window'
 */
export function chatFinishReason(reason: string): ChatFinishReason | undefined {
  return BY_REASON.get(reason);
}
