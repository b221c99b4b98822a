// test/setup.ts
import 'tool-call-health/vitest';
